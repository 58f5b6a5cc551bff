package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import dev.acp.spring.protocol.AcpJsonMapper;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A malformed value of a property the v2 schema marks
 * {@code x-deserialize-default-on-error} reads as left out, and an item of an array
 * marked {@code x-deserialize-skip-invalid-items} that does not deserialize is dropped;
 * the rest of the message is kept. Everything else malformed still fails. Each message is
 * read from text and from a tree (the two ways a message arrives).
 */
class V2DefaultOnErrorTests {

	private static final String INFO = "\"info\":{\"name\":\"c\",\"version\":\"1\"}";

	private final JsonMapper mapper = AcpJsonMapper.create();

	private <T> void readsBothWays(String json, Class<T> type, Consumer<T> check) {
		check.accept(this.mapper.readValue(json, type));
		check.accept(this.mapper.treeToValue(this.mapper.readTree(json), type));
	}

	private void failsBothWays(String json, Class<?> type) {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> this.mapper.readValue(json, type));
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.treeToValue(this.mapper.readTree(json), type));
	}

	@Test
	void aScalarMetaReadsAsNoMetadataAndTheRestIsKept() {
		readsBothWays("{\"_meta\":\"x\",\"protocolVersion\":2," + INFO + "}", InitializeRequest.class, (request) -> {
			assertThat(request.meta()).isNull();
			assertThat(request.protocolVersion()).isEqualTo(2);
			assertThat(request.info().name()).isEqualTo("c");
		});
	}

	@Test
	void aMetaArrayReadsAsNoMetadataAndTheFieldsAfterItAreKept() {
		readsBothWays("{\"protocolVersion\":2,\"_meta\":[{\"a\":[1,2]},3]," + INFO + ",\"x_extra\":1}",
				InitializeRequest.class, (request) -> {
					assertThat(request.meta()).isNull();
					assertThat(request.info().version()).isEqualTo("1");
					assertThat(request.unknown()).containsEntry("x_extra", 1);
				});
	}

	@Test
	void aNumberForAToolCallStatusLeavesTheStatusUnchangedAndTheRestIsKept() {
		readsBothWays("{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c\",\"status\":42,\"content\":\"x\","
				+ "\"locations\":{},\"title\":\"T\"}", SessionUpdate.class, (update) -> {
					ToolCallUpdate patch = (ToolCallUpdate) update;
					assertThat(patch.status()).isNull();
					assertThat(patch.content()).isNull();
					assertThat(patch.locations()).isNull();
					assertThat(patch.title()).contains("T");
				});
		readsBothWays("{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c\",\"status\":null}",
				SessionUpdate.class, (update) -> assertThat(((ToolCallUpdate) update).status()).isEmpty());
	}

	@Test
	void aNestedObjectMalformedPartWayReadsAsLeftOutAndTheFieldsAfterItAreKept() {
		readsBothWays("{\"sessionUpdate\":\"usage_update\",\"cost\":{\"currency\":\"USD\",\"amount\":{\"x\":1}},"
				+ "\"used\":1,\"size\":2}", SessionUpdate.class, (update) -> {
					SessionUpdate.UsageUpdate usage = (SessionUpdate.UsageUpdate) update;
					assertThat(usage.cost()).isNull();
					assertThat(usage.used()).isEqualTo(1L);
					assertThat(usage.size()).isEqualTo(2L);
				});
	}

	@Test
	void aMalformedFieldInsideANestedObjectReadsAsLeftOutThereOnly() {
		readsBothWays(
				"{\"protocolVersion\":2," + INFO
						+ ",\"capabilities\":{\"auth\":5,\"elicitation\":{\"form\":{},\"url\":[]}}}",
				InitializeRequest.class, (request) -> {
					assertThat(request.capabilities()).isNotNull();
					assertThat(request.capabilities().auth()).isNull();
					assertThat(request.capabilities().elicitation().form()).isNotNull();
					assertThat(request.capabilities().elicitation().url()).isNull();
				});
	}

	@Test
	void anOutOfRangeNumberReadsAsLeftOutAndTheItemIsKept() {
		readsBothWays("{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c\",\"locations\":[{\"path\":\"/a\","
				+ "\"line\":123456789012345678901234567890},{\"line\":1}]}", SessionUpdate.class, (update) -> {
					Optional<List<ToolCallLocation>> locations = ((ToolCallUpdate) update).locations();
					assertThat(locations).contains(List.of(new ToolCallLocation("/a")));
				});
	}

	@Test
	void anInvalidItemOfASkipInvalidItemsArrayIsDroppedAndTheOthersAreKept() {
		readsBothWays(
				"{\"sessionUpdate\":\"user_message\",\"messageId\":\"m\",\"content\":[{\"type\":\"text\",\"text\":"
						+ "\"a\"},{\"type\":\"text\"},7,null,[1],{\"type\":\"image\",\"data\":\"AA==\",\"mimeType\":\"image/png\"}],"
						+ "\"_meta\":{\"k\":1}}",
				SessionUpdate.class, (update) -> {
					SessionUpdate.UserMessage message = (SessionUpdate.UserMessage) update;
					assertThat(message.content()).hasSize(2);
					assertThat(message.content().get(0)).isEqualTo(new ContentBlock.Text("a"));
					assertThat(message.content().get(1)).isInstanceOf(ContentBlock.Image.class);
					assertThat(message.meta()).containsEntry("k", 1);
				});
	}

	@Test
	void aKnownVariantWithABadPayloadInASkipInvalidItemsArrayIsDroppedNotKeptAsUnknown() {
		readsBothWays("{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c\",\"content\":[{\"type\":\"diff\"},"
				+ "{\"type\":\"_acme\",\"x\":1}]}", SessionUpdate.class, (update) -> {
					Optional<List<ToolCallContent>> content = ((ToolCallUpdate) update).content();
					assertThat(content).isPresent();
					assertThat(content.get()).singleElement().isInstanceOf(ToolCallContent.Unknown.class);
				});
	}

	@Test
	void aRequiredDefaultOnErrorArrayThatIsNotAnArrayReadsAsEmptyButLeftOutStillFails() {
		readsBothWays("{\"sessions\":\"x\",\"nextCursor\":\"n\"}", ListSessionsResponse.class, (response) -> {
			assertThat(response.sessions()).isEmpty();
			assertThat(response.nextCursor()).isEqualTo("n");
		});
		failsBothWays("{\"nextCursor\":\"n\"}", ListSessionsResponse.class);
	}

	@Test
	void aRequiredSkipInvalidItemsArrayThatIsNotAnArrayStillFails() {
		failsBothWays("{\"sessionUpdate\":\"available_commands_update\",\"availableCommands\":{}}",
				SessionUpdate.class);
	}

	@Test
	void aMalformedRequiredFieldThatIsNotMarkedStillFails() {
		failsBothWays("{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":{\"x\":1}}", SessionUpdate.class);
		failsBothWays("{\"protocolVersion\":\"two\"," + INFO + "}", InitializeRequest.class);
	}

	@Test
	void aKnownDiscriminatorWithABadPayloadInAPropertyThatIsNotMarkedStillFails() {
		failsBothWays("{\"sessionUpdate\":\"user_message_chunk\",\"messageId\":\"m\",\"content\":{\"type\":\"text\"}}",
				SessionUpdate.class);
		failsBothWays(
				"{\"sessionUpdate\":\"tool_call_content_chunk\",\"toolCallId\":\"c\",\"content\":{\"type\":\"diff\"}}",
				SessionUpdate.class);
	}

	@Test
	void invalidJsonInAMarkedPropertyStillFails() {
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"protocolVersion\":2,\"_meta\":[1,}", InitializeRequest.class));
	}

}
