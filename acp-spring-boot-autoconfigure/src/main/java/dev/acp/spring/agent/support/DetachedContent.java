package dev.acp.spring.agent.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import org.springframework.lang.Contract;

import dev.acp.spring.protocol.Annotations;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.EmbeddedResourceResource;

/**
 * Copies of content blocks that share nothing a holder of the original can change: the
 * blocks of a prompt are recorded as bound for the handler, which may change the maps,
 * lists and trees inside them. A block without such parts (a plain text block) is
 * immutable and returned as it is; the others are copied without reading JSON again.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class DetachedContent {

	private DetachedContent() {
	}

	/**
	 * A block equal to the given one that shares nothing mutable with it.
	 * @param block the block
	 * @param mapper the protocol mapper, copying a kind of block this class does not know
	 * @return the block itself when immutable, else a copy
	 */
	static ContentBlock of(ContentBlock block, ObjectMapper mapper) {
		if (block instanceof ContentBlock.Text text) {
			return (text.annotations() == null && text.meta() == null && text.unknown().isEmpty()) ? text
					: new ContentBlock.Text(text.text(), annotations(text.annotations()), map(text.meta()),
							map(text.unknown()));
		}
		if (block instanceof ContentBlock.Image image) {
			return new ContentBlock.Image(image.data(), image.mimeType(), image.uri(), annotations(image.annotations()),
					map(image.meta()), map(image.unknown()));
		}
		if (block instanceof ContentBlock.Audio audio) {
			return new ContentBlock.Audio(audio.data(), audio.mimeType(), annotations(audio.annotations()),
					map(audio.meta()), map(audio.unknown()));
		}
		if (block instanceof ContentBlock.ResourceLink link) {
			return new ContentBlock.ResourceLink(link.uri(), link.name(), link.title(), link.description(),
					link.mimeType(), link.size(), annotations(link.annotations()), map(link.meta()),
					map(link.unknown()));
		}
		if (block instanceof ContentBlock.Resource resource) {
			return new ContentBlock.Resource(resource(resource.resource()), annotations(resource.annotations()),
					map(resource.meta()), map(resource.unknown()));
		}
		if (block instanceof ContentBlock.Unknown unknown) {
			return new ContentBlock.Unknown(unknown.type(), unknown.raw().deepCopy());
		}
		return mapper.convertValue(block, ContentBlock.class);
	}

	private static EmbeddedResourceResource resource(EmbeddedResourceResource resource) {
		if (resource instanceof EmbeddedResourceResource.TextResourceContents text) {
			return new EmbeddedResourceResource.TextResourceContents(text.mimeType(), text.text(), text.uri(),
					map(text.meta()), map(text.unknown()));
		}
		EmbeddedResourceResource.BlobResourceContents blob = (EmbeddedResourceResource.BlobResourceContents) resource;
		return new EmbeddedResourceResource.BlobResourceContents(blob.blob(), blob.mimeType(), blob.uri(),
				map(blob.meta()), map(blob.unknown()));
	}

	private static @Nullable Annotations annotations(@Nullable Annotations annotations) {
		if (annotations == null) {
			return null;
		}
		return new Annotations((annotations.audience() != null) ? new ArrayList<>(annotations.audience()) : null,
				annotations.lastModified(), annotations.priority(), map(annotations.meta()),
				map(annotations.unknown()));
	}

	@SuppressWarnings("unchecked")
	@Contract("!null -> !null")
	static @Nullable Map<String, Object> map(@Nullable Map<String, Object> map) {
		return (Map<String, Object>) value(map);
	}

	/**
	 * A deep copy of a value bound to {@code Object}: maps, lists and trees are copied,
	 * strings, numbers and booleans are immutable.
	 */
	private static @Nullable Object value(@Nullable Object value) {
		if (value instanceof Map<?, ?> map) {
			Map<Object, @Nullable Object> copy = new LinkedHashMap<>(map.size() * 4 / 3 + 1);
			map.forEach((key, entry) -> copy.put(key, value(entry)));
			return copy;
		}
		if (value instanceof List<?> list) {
			List<@Nullable Object> copy = new ArrayList<>(list.size());
			list.forEach((entry) -> copy.add(value(entry)));
			return copy;
		}
		if (value instanceof JsonNode node) {
			return node.deepCopy();
		}
		return value;
	}

}
