package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link ContentBlock}.
 */
class ContentBlockTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private ContentBlock read(String json) {
		return this.mapper.readValue(json, ContentBlock.class);
	}

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

	private JsonNode writeTree(Object value) {
		return tree(this.mapper.writeValueAsString(value));
	}

	@Test
	void textRoundTripsWithItsDiscriminator() {
		String json = "{\"type\":\"text\",\"text\":\"Hello\\nworld\",\"annotations\":{\"audience\":[\"user\"],\"priority\":0.5},\"_meta\":{\"k\":\"v\"}}";
		ContentBlock block = read(json);
		assertThat(block).isInstanceOfSatisfying(ContentBlock.Text.class, (text) -> {
			assertThat(text.text()).isEqualTo("Hello\nworld");
			assertThat(text.annotations().audience()).containsExactly(Role.USER);
			assertThat(text.annotations().priority()).isEqualByComparingTo("0.5");
			assertThat(text.meta()).containsExactly(Map.entry("k", "v"));
			assertThat(text.type()).isEqualTo("text");
		});
		assertThat(writeTree(block)).isEqualTo(tree(json));
	}

	@Test
	void aNewTextBlockIsWrittenWithTypeAndWithoutNullFields() {
		assertThat(writeTree(new ContentBlock.Text("hi"))).isEqualTo(tree("{\"type\":\"text\",\"text\":\"hi\"}"));
	}

	@Test
	void imageRoundTripsWithItsDiscriminator() {
		String json = "{\"type\":\"image\",\"data\":\"iVBORw0KGgo=\",\"mimeType\":\"image/png\",\"uri\":\"file:///a.png\"}";
		ContentBlock block = read(json);
		assertThat(block).isEqualTo(new ContentBlock.Image("iVBORw0KGgo=", "image/png", "file:///a.png", null, null));
		assertThat(writeTree(block)).isEqualTo(tree(json));
	}

	@Test
	void audioRoundTripsWithItsDiscriminator() {
		String json = "{\"type\":\"audio\",\"data\":\"UklGRg==\",\"mimeType\":\"audio/wav\"}";
		ContentBlock block = read(json);
		assertThat(block).isEqualTo(new ContentBlock.Audio("UklGRg==", "audio/wav", null, null));
		assertThat(writeTree(block)).isEqualTo(tree(json));
	}

	@Test
	void resourceLinkRoundTripsWithItsDiscriminator() {
		String json = "{\"type\":\"resource_link\",\"uri\":\"file:///src/Main.java\",\"name\":\"Main.java\",\"title\":\"Main\",\"description\":\"entry point\",\"mimeType\":\"text/x-java\",\"size\":12345678901}";
		ContentBlock block = read(json);
		assertThat(block).isInstanceOfSatisfying(ContentBlock.ResourceLink.class,
				(link) -> assertThat(link.size()).isEqualTo(12345678901L));
		assertThat(writeTree(block)).isEqualTo(tree(json));
	}

	@Test
	void embeddedResourceRoundTripsWithItsDiscriminator() {
		String json = "{\"type\":\"resource\",\"resource\":{\"uri\":\"file:///a.txt\",\"text\":\"contents\",\"mimeType\":\"text/plain\",\"_future\":[1,{\"x\":null}]}}";
		ContentBlock block = read(json);
		assertThat(block).isInstanceOf(ContentBlock.Resource.class);
		assertThat(writeTree(block)).isEqualTo(tree(json));
	}

	@Test
	void anUnknownTypeKeepsTheWholeObjectAndWritesItBackUnchanged() {
		String json = "{\"type\":\"_vendor/widget\",\"payload\":{\"nested\":[1,2.50,{\"deep\":null}],\"flag\":true},\"_meta\":{\"traceparent\":\"00-abc-def-01\"},\"big\":123456789012345678901234567890}";
		ContentBlock block = read(json);
		assertThat(block).isInstanceOfSatisfying(ContentBlock.Unknown.class, (unknown) -> {
			assertThat(unknown.type()).isEqualTo("_vendor/widget");
			assertThat(unknown.raw()).isEqualTo(tree(json));
		});
		assertThat(this.mapper.writeValueAsString(block)).isEqualTo(json);
		assertThat(writeTree(block)).isEqualTo(tree(json));
	}

	@Test
	void aFutureAcpTypeIsKeptAsUnknown() {
		String json = "{\"type\":\"video\",\"data\":\"AAAA\",\"mimeType\":\"video/mp4\"}";
		ContentBlock block = read(json);
		assertThat(block).isInstanceOf(ContentBlock.Unknown.class);
		assertThat(block.type()).isEqualTo("video");
		assertThat(this.mapper.writeValueAsString(block)).isEqualTo(json);
	}

	@Test
	void unknownBlocksInsideAListRoundTripBesideKnownOnes() {
		String json = "{\"sessionId\":\"s1\",\"prompt\":[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"_x.dev/thing\",\"v\":[{\"w\":1}]},{\"type\":\"text\",\"text\":\"b\"}],\"_meta\":{\"m\":{\"n\":1}}}";
		PromptRequest request = this.mapper.readValue(json, PromptRequest.class);
		assertThat(request.prompt()).hasSize(3);
		assertThat(request.prompt().get(1)).isInstanceOf(ContentBlock.Unknown.class);
		assertThat(request.text()).isEqualTo("ab");
		assertThat(writeTree(request)).isEqualTo(tree(json));
		List<ContentBlock> blocks = this.mapper.readValue(tree(json).get("prompt").toString(),
				new TypeReference<List<ContentBlock>>() {
				});
		assertThat(blocks).extracting(ContentBlock::type).containsExactly("text", "_x.dev/thing", "text");
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"type\":\"text\"}", "{\"type\":\"text\",\"text\":null}",
			"{\"type\":\"text\",\"text\":{\"value\":\"a\"}}", "{\"type\":\"text\",\"text\":[\"a\"]}",
			"{\"type\":\"image\",\"mimeType\":\"image/png\"}", "{\"type\":\"image\",\"data\":\"AA==\"}",
			"{\"type\":\"audio\",\"data\":\"AA==\"}", "{\"type\":\"resource_link\",\"uri\":\"file:///a\"}",
			"{\"type\":\"resource\"}",
			"{\"type\":\"resource_link\",\"uri\":\"file:///a\",\"name\":\"a\",\"size\":\"big\"}" })
	void aKnownTypeWithAMalformedPayloadFails(String json) {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> read(json));
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"type\":\"text\",\"text\":5}", "{\"type\":\"text\",\"text\":1.5}",
			"{\"type\":\"text\",\"text\":true}" })
	void aTextBlockWhoseTextIsNotAStringFails(String json) {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> read(json));
	}

	@Test
	void aKnownBlockIsWrittenWithExactlyOneTypeKey() {
		String json = this.mapper.writeValueAsString(
				List.of(new ContentBlock.Text("t"), new ContentBlock.Image("AA==", "image/png", null, null, null),
						new ContentBlock.Audio("AA==", "audio/wav", null, null),
						new ContentBlock.ResourceLink("file:///a", "a", null, null, null, null, null, null),
						new ContentBlock.Resource(new EmbeddedResourceResource.TextResourceContents("x", "file:///a"),
								null, null)));
		assertThat(json.split("\"type\"", -1)).hasSize(6);
		assertThat(tree(json).valueStream().map((node) -> node.get("type").stringValue())).containsExactly("text",
				"image", "audio", "resource_link", "resource");
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"text\":\"hi\"}", "{\"type\":null,\"text\":\"hi\"}", "{\"type\":5,\"text\":\"hi\"}",
			"{\"type\":{\"name\":\"text\"}}", "\"text\"", "[{\"type\":\"text\",\"text\":\"hi\"}]", "42" })
	void aMissingOrNonStringTypeFails(String json) {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> read(json));
	}

	@Test
	void aMalformedKnownBlockInsideAPromptFailsTheWholePrompt() {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> this.mapper
			.readValue("{\"sessionId\":\"s\",\"prompt\":[{\"type\":\"text\",\"text\":{}}]}", PromptRequest.class));
	}

}
