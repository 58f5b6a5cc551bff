package dev.acp.spring.ai;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.EmbeddedResourceResource;

import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.content.Media;
import org.springframework.util.MimeType;

/**
 * Turns the content blocks of a prompt into the user message: text as text, images and
 * audio as media, resource links and embedded resources as context in the text.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class UserMessages {

	private UserMessages() {
	}

	static UserMessage of(List<ContentBlock> prompt) {
		StringBuilder text = new StringBuilder();
		List<Media> media = new ArrayList<>();
		for (ContentBlock block : prompt) {
			if (block instanceof ContentBlock.Text part) {
				append(text, part.text());
			}
			else if (block instanceof ContentBlock.Image image) {
				media.add(media(image.mimeType(), image.data()));
			}
			else if (block instanceof ContentBlock.Audio audio) {
				media.add(media(audio.mimeType(), audio.data()));
			}
			else if (block instanceof ContentBlock.ResourceLink link) {
				append(text, "[Resource: " + link.name() + " <" + link.uri() + ">]");
			}
			else if (block instanceof ContentBlock.Resource resource) {
				append(text, embedded(resource.resource()));
			}
		}
		return UserMessage.builder().text(text.toString()).media(media).build();
	}

	private static Media media(String mimeType, String base64) {
		return Media.builder().mimeType(MimeType.valueOf(mimeType)).data(Base64.getDecoder().decode(base64)).build();
	}

	private static String embedded(EmbeddedResourceResource resource) {
		if (resource instanceof EmbeddedResourceResource.TextResourceContents contents) {
			return "<resource uri=\"" + contents.uri() + "\">\n" + contents.text() + "\n</resource>";
		}
		if (resource instanceof EmbeddedResourceResource.BlobResourceContents blob) {
			return "[Binary resource <" + blob.uri() + ">" + ((blob.mimeType() != null) ? " " + blob.mimeType() : "")
					+ "]";
		}
		return "";
	}

	private static void append(StringBuilder text, String part) {
		if (part.isEmpty()) {
			return;
		}
		if (!text.isEmpty()) {
			text.append("\n\n");
		}
		text.append(part);
	}

}
