package dev.acp.spring.test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AuthenticateRequest;
import dev.acp.spring.protocol.AuthenticateResponse;
import dev.acp.spring.protocol.LoadSessionRequest;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PermissionOptionKind;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.WriteTextFileRequest;
import tools.jackson.databind.JsonNode;

/**
 * An agent the tests drive: a prompt's text picks what the turn does.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AcpExtension(value = "sample.test", version = "1.0")
public class SampleAgent {

	private final AtomicInteger sessions = new AtomicInteger();

	private final List<String> events = new CopyOnWriteArrayList<>();

	@AcpMethod("session/new")
	NewSessionResponse newSession(NewSessionRequest request) {
		return new NewSessionResponse("sess_" + this.sessions.incrementAndGet(), Map.of("cwd", request.cwd()));
	}

	@AcpMethod("session/load")
	LoadSessionResponse loadSession(LoadSessionRequest request, AcpRequestContext context) {
		context.client().agentMessageChunk(request.sessionId(), "replayed in " + request.cwd());
		return new LoadSessionResponse();
	}

	@AcpMethod("authenticate")
	AuthenticateResponse authenticate(AuthenticateRequest request) {
		if (!request.methodId().equals("token")) {
			throw new AcpException(-32000, "Authentication required", "unknown method " + request.methodId());
		}
		return new AuthenticateResponse(Map.of("method", request.methodId()));
	}

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest request, AcpRequestContext context) throws Exception {
		String sessionId = request.sessionId();
		AcpClient client = context.client();
		String reply = switch (request.text()) {
			case "buffers" -> client.request("_zed.dev/workspace/buffers", Map.of("language", "rust"), JsonNode.class)
				.get()
				.toString();
			case "permission" -> {
				RequestPermissionOutcome outcome = client
					.requestPermission(new RequestPermissionRequest(sessionId, new ToolCallUpdate("call_1"),
							List.of(new PermissionOption("allow", "Allow", PermissionOptionKind.ALLOW_ONCE))))
					.get()
					.outcome();
				yield (outcome instanceof RequestPermissionOutcome.Selected selected) ? selected.optionId()
						: "cancelled";
			}
			case "read" -> client.readTextFile(new ReadTextFileRequest(sessionId, "/notes.txt")).get().content();
			case "write" -> {
				client.writeTextFile(new WriteTextFileRequest(sessionId, "/notes.txt", "written")).get();
				yield "saved";
			}
			case "abandon" -> {
				// the agent gives up a call to the client: the client is sent
				// $/cancel_request
				client.request("_zed.dev/workspace/buffers", Map.of("language", "rust"), JsonNode.class).cancel(true);
				yield "abandoned";
			}
			case "wait" -> {
				CompletableFuture<Void> cancelled = new CompletableFuture<>();
				context.onCancel(() -> cancelled.complete(null));
				cancelled.get();
				yield "cancelled";
			}
			default -> request.text();
		};
		client.agentMessageChunk(sessionId, reply);
		return new PromptResponse(StopReason.END_TURN);
	}

	@AcpNotification("_sample.test/event")
	void event(Event event) {
		this.events.add(event.name());
	}

	@AcpMethod("_sample.test/count")
	Count count(CountParams params) {
		if (params.atLeast() > this.events.size()) {
			throw new AcpException(-32010, "Too few events", Map.of("count", this.events.size()));
		}
		return new Count(this.events.size());
	}

	@AcpMethod("_sample.test/whoami")
	Map<String, Object> whoami(AcpRequestContext context) {
		return Map.of("client", context.connection().clientInfo().name(), "zed",
				String.valueOf(context.connection().clientCapabilities().extension("zed.dev")), "traceparent",
				String.valueOf(context.traceparent()));
	}

	/**
	 * An event.
	 *
	 * @param name its name
	 */
	record Event(String name) {
	}

	/**
	 * Params of a count.
	 *
	 * @param atLeast the least count that is not an error (required: a primitive)
	 */
	record CountParams(int atLeast) {
	}

	/**
	 * A count.
	 *
	 * @param count the events recorded
	 */
	public record Count(int count) {
	}

}
