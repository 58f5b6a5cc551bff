package dev.acp.spring.agent.support;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcRequest;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.InitializeRequest;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionNotification;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.ser.ValueSerializerModifier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AcpProtocolWarmUp}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpProtocolWarmUpTests {

	private final List<Class<?>> built = new CopyOnWriteArrayList<>();

	private final JsonRpcCodec codec = new JsonRpcCodec(
			AcpJsonMapper.configure(JsonMapper.builder()).addModule(new BuildsRecorded()).build());

	@Test
	void theFirstExchangeOfAConnectionBuildsNoSerializerOrDeserializerAfterTheWarmUp() {
		new AcpProtocolWarmUp(this.codec).run();
		assertThat(this.built).contains(InitializeRequest.class, InitializeResponse.class, NewSessionRequest.class,
				NewSessionResponse.class, PromptRequest.class, PromptResponse.class, SessionNotification.class);
		this.built.clear();
		exchange();
		assertThat(this.built).isEmpty();
	}

	@Test
	void withoutTheWarmUpTheFirstExchangeBuildsThem() {
		exchange();
		assertThat(this.built).contains(InitializeRequest.class, InitializeResponse.class, NewSessionRequest.class);
	}

	private void exchange() {
		JsonRpcRequest initialize = (JsonRpcRequest) decode(
				"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1,"
						+ "\"clientCapabilities\":{\"fs\":{\"readTextFile\":true}},\"clientInfo\":{\"name\":\"zed\","
						+ "\"version\":\"1\"}}}");
		this.codec.mapper().treeToValue(initialize.params(), InitializeRequest.class);
		this.codec.encodeResult(IntNode.valueOf(0), new InitializeResponse(1, null, List.of(), null, null));
		JsonRpcRequest newSession = (JsonRpcRequest) decode(
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":{\"cwd\":\"/w\",\"mcpServers\":[]}}");
		this.codec.mapper().treeToValue(newSession.params(), NewSessionRequest.class);
		this.codec.encodeResult(IntNode.valueOf(1), new NewSessionResponse("sess_1"));
	}

	private Object decode(String frame) {
		byte[] bytes = frame.getBytes(StandardCharsets.UTF_8);
		return this.codec.decode(bytes, 0, bytes.length);
	}

	private final class BuildsRecorded extends SimpleModule {

		BuildsRecorded() {
			setDeserializerModifier(new ValueDeserializerModifier() {

				@Override
				public ValueDeserializer<?> modifyDeserializer(DeserializationConfig config,
						BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
					AcpProtocolWarmUpTests.this.built.add(description.getBeanClass());
					return deserializer;
				}

			});
			setSerializerModifier(new ValueSerializerModifier() {

				@Override
				public ValueSerializer<?> modifySerializer(SerializationConfig config,
						BeanDescription.Supplier description, ValueSerializer<?> serializer) {
					AcpProtocolWarmUpTests.this.built.add(description.getBeanClass());
					return serializer;
				}

			});
		}

	}

}
