package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@link MessageSink} that keeps every frame, parsed.
 */
class CapturingSink implements MessageSink {

	private final ObjectMapper mapper;

	private final List<JsonNode> frames = new CopyOnWriteArrayList<>();

	private final List<String> rawFrames = new CopyOnWriteArrayList<>();

	CapturingSink(ObjectMapper mapper) {
		this.mapper = mapper;
	}

	@Override
	public void send(byte[] frame) {
		String text = new String(frame, StandardCharsets.UTF_8);
		assertThat(text).doesNotContain("\n");
		this.rawFrames.add(text);
		this.frames.add(this.mapper.readTree(frame));
	}

	List<JsonNode> frames() {
		return List.copyOf(this.frames);
	}

	List<String> rawFrames() {
		return List.copyOf(this.rawFrames);
	}

	JsonNode frame(int index) {
		return this.frames.get(index);
	}

	int size() {
		return this.frames.size();
	}

	List<JsonNode> awaitFrames(int count) {
		JsonRpcConnectionTests.waiting().until(() -> this.frames.size() >= count);
		return frames();
	}

	/**
	 * Wait for the response to the given request id and return it.
	 * @param id the id as JSON text
	 * @return the response
	 */
	JsonNode awaitResponse(String id) {
		JsonNode idNode = this.mapper.readTree(id);
		JsonRpcConnectionTests.waiting().until(() -> !responsesTo(idNode).isEmpty());
		return responsesTo(idNode).get(0);
	}

	List<JsonNode> responsesTo(String id) {
		return responsesTo(this.mapper.readTree(id));
	}

	List<JsonNode> responsesTo(JsonNode id) {
		return this.frames.stream()
			.filter((frame) -> !frame.has("method") && frame.has("id") && frame.get("id").equals(id))
			.toList();
	}

}
