package dev.acp.spring.ai;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.method.AcpSessionListener;
import dev.acp.spring.session.AcpSession;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionSystemPromptCapabilities;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.SystemPrompt;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ObjectMapper;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.ai.tool.method.MethodToolCallbackProvider;
import org.springframework.ai.tool.support.ToolUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;
import org.springframework.util.StringUtils;
import org.springframework.util.function.SingletonSupplier;

/**
 * Serves {@code session/new} and {@code session/prompt} with a Spring AI
 * {@link ChatClient}: the prompt becomes the user message, the streamed answer
 * {@code agent_message_chunk} updates, each tool call of the model an ACP tool call
 * (asking {@code session/request_permission} first for tools that change anything), and a
 * {@code session/cancel} closes the model's stream at once. The model's side of each
 * session is kept in {@link ChatMemory} under the session id.
 * <p>
 * Registered by the auto-configuration when {@code acp.ai.enabled=true}; an application
 * with its own {@code session/prompt} handler keeps it.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class ChatClientAgent implements AcpSessionListener, AutoCloseable {

	/**
	 * The {@code sessionCapabilities.systemPrompt} this agent serves: {@code append} and
	 * {@code override}.
	 */
	public static final SessionSystemPromptCapabilities SYSTEM_PROMPT_CAPABILITIES = ClientSystemPrompt.CAPABILITIES;

	private static final Duration MCP_TIMEOUT = Duration.ofSeconds(30);

	private static final boolean MCP_PRESENT = ClassUtils
		.isPresent("org.springframework.ai.mcp.SyncMcpToolCallbackProvider", ChatClientAgent.class.getClassLoader())
			&& ClassUtils.isPresent("io.modelcontextprotocol.client.McpSyncClient",
					ChatClientAgent.class.getClassLoader());

	private final ChatClient chatClient;

	private final ChatMemory chatMemory;

	private final boolean keptForResume;

	private final MessageChatMemoryAdvisor memory;

	private final @Nullable String systemPrompt;

	private final Supplier<List<SessionTool>> applicationTools;

	private final boolean clientTools;

	private final ObjectMapper mapper;

	private final long contextWindow;

	private final AiSessions sessions = new AiSessions();

	private final Map<String, PromptTurn> turns = new java.util.concurrent.ConcurrentHashMap<>();

	/**
	 * Create the agent.
	 * @param chatClient the chat client serving the turns (its advisors and options
	 * apply)
	 * @param chatMemory the model's side of each session's conversation
	 * @param systemPrompt the system prompt, or {@code null} for the chat client's own
	 * @param toolBeans beans with {@link Tool @Tool} methods (described by
	 * {@link AcpTool @AcpTool} on the method)
	 * @param toolCallbacks other tools (described by {@link AcpTool @AcpTool} on their
	 * class)
	 * @param clientTools whether to offer the model the client's files and terminals when
	 * the client advertised them
	 * @param mapper the protocol mapper, reading tool inputs
	 * @param contextWindow the model's context window in tokens, for {@code usage_update}
	 * @param retention how much of the conversations is kept, and when they are forgotten
	 */
	public ChatClientAgent(ChatClient chatClient, ChatMemory chatMemory, @Nullable String systemPrompt,
			Supplier<List<Object>> toolBeans, Supplier<List<ToolCallback>> toolCallbacks, boolean clientTools,
			ObjectMapper mapper, long contextWindow, ConversationRetention retention) {
		this.chatClient = Objects.requireNonNull(chatClient, "chatClient");
		this.chatMemory = new BoundedChatMemory(chatMemory, retention.maxConversationBytes(), retention.maxBytes());
		this.keptForResume = retention.keptForResume();
		this.memory = MessageChatMemoryAdvisor.builder(this.chatMemory).build();
		this.systemPrompt = StringUtils.hasText(systemPrompt) ? systemPrompt : null;
		this.applicationTools = SingletonSupplier.of(() -> tools(toolBeans.get(), toolCallbacks.get()));
		this.clientTools = clientTools;
		this.mapper = mapper;
		this.contextWindow = contextWindow;
	}

	/**
	 * Open a session: its working directory, its MCP servers (stdio, Streamable HTTP,
	 * SSE) started, their tools offered to the model in this session, and the client's
	 * {@code systemPrompt}, appended to the configured system prompt or replacing it.
	 * @param request the request
	 * @param context the call
	 * @return the new session's id
	 */
	@AcpMethod("session/new")
	public NewSessionResponse newSession(NewSessionRequest request, AcpRequestContext context) {
		SystemPrompt systemPrompt = ClientSystemPrompt.checked(request.systemPrompt());
		String sessionId = "sess_" + UUID.randomUUID();
		AiSession session = new AiSession(sessionId, Path.of(request.cwd()), context.connection(), request.mcpServers(),
				systemPrompt);
		if (!session.mcpServers().isEmpty() && MCP_PRESENT) {
			McpSessionServers.start(session, MCP_TIMEOUT);
		}
		this.sessions.open(session);
		return new NewSessionResponse(sessionId);
	}

	/**
	 * Run a prompt turn.
	 * @param request the request
	 * @param context the call, whose cancellation stops the turn
	 * @return how the turn stopped
	 * @throws Exception when the model failed
	 */
	@AcpMethod("session/prompt")
	public PromptResponse prompt(PromptRequest request, AcpRequestContext context) throws Exception {
		AiSession session = session(request.sessionId(), context);
		PromptTurn turn = new PromptTurn(session, context.client(), this.mapper, this.contextWindow);
		this.turns.put(session.id(), turn);
		context.onCancel(turn::cancel);
		try {
			ChatClient.ChatClientRequestSpec spec = this.chatClient.prompt()
				.messages(UserMessages.of(request.prompt()))
				.toolCallbacks(turn.callbacks(tools(session, context.connection())))
				.advisors((advisors) -> advisors.advisors(this.memory).param(ChatMemory.CONVERSATION_ID, session.id()));
			String system = ClientSystemPrompt.of(this.systemPrompt, session.systemPrompt());
			if (system != null) {
				spec = spec.system(system);
			}
			StopReason stopReason = turn.run(spec.stream().chatResponse());
			return new PromptResponse(stopReason);
		}
		finally {
			this.turns.remove(session.id(), turn);
		}
	}

	/**
	 * A session closed on its connection: its MCP servers stop; its conversation is
	 * forgotten unless the session is kept for a later load or resume.
	 */
	@Override
	public void sessionClosed(String sessionId, AcpConnection connection) {
		this.sessions.close(sessionId, connection);
		if (!this.keptForResume) {
			this.chatMemory.clear(sessionId);
		}
	}

	/**
	 * A session deleted: its MCP servers stop, whichever connection served it, and its
	 * conversation is forgotten.
	 */
	@Override
	public void sessionDeleted(String sessionId, AcpConnection connection) {
		this.sessions.close(sessionId);
		this.chatMemory.clear(sessionId);
	}

	/**
	 * A connection ended: the MCP servers of its sessions stop; their conversations are
	 * forgotten unless the sessions are kept for a later load or resume.
	 */
	@Override
	public void connectionClosed(AcpConnection connection) {
		for (String sessionId : this.sessions.closeAll(connection)) {
			if (!this.keptForResume) {
				this.chatMemory.clear(sessionId);
			}
		}
	}

	/**
	 * Close every session (their MCP servers) and stop running turns.
	 */
	@Override
	public void close() {
		this.turns.values().forEach(PromptTurn::cancel);
		this.sessions.close();
	}

	int openSessions() {
		return this.sessions.size();
	}

	private AiSession session(String sessionId, AcpRequestContext context) {
		AiSession session = this.sessions.get(sessionId);
		AcpSession served = context.session();
		if (session != null && session.connection() == context.connection()
				&& (served == null || Objects.equals(session.systemPrompt(), served.systemPrompt()))) {
			return session;
		}
		if (served == null) {
			throw new AcpException(AcpErrorCodes.RESOURCE_NOT_FOUND, "Resource not found",
					Map.of("sessionId", sessionId));
		}
		return reopen(served, context.connection());
	}

	/**
	 * A session this connection loaded or resumed through the starter: set up again from
	 * what the starter kept of it (its directory and MCP servers); the model's side of
	 * the conversation is in the chat memory already.
	 */
	private synchronized AiSession reopen(AcpSession served, AcpConnection connection) {
		AiSession previous = this.sessions.get(served.id());
		if (previous != null && previous.connection() == connection
				&& Objects.equals(previous.systemPrompt(), served.systemPrompt())) {
			return previous;
		}
		AiSession session = new AiSession(served.id(), Path.of(served.cwd()), connection, served.mcpServers(),
				ClientSystemPrompt.checked(served.systemPrompt()));
		if (!session.mcpServers().isEmpty() && MCP_PRESENT) {
			McpSessionServers.start(session, MCP_TIMEOUT);
		}
		this.sessions.open(session);
		if (previous != null) {
			previous.close();
		}
		return session;
	}

	private List<SessionTool> tools(AiSession session, AcpConnection connection) {
		List<SessionTool> tools = new ArrayList<>();
		if (this.clientTools) {
			if (connection.canReadFiles()) {
				tools.add(new ReadFileTool());
			}
			if (connection.canWriteFiles()) {
				tools.add(new WriteFileTool());
			}
			if (connection.canRunTerminals()) {
				tools.add(new RunCommandTool());
			}
		}
		tools.addAll(session.tools());
		tools.addAll(this.applicationTools.get());
		Map<String, SessionTool> byName = new LinkedHashMap<>();
		tools.forEach((tool) -> byName.putIfAbsent(tool.definition().name(), tool));
		return List.copyOf(byName.values());
	}

	private static List<SessionTool> tools(List<Object> toolBeans, List<ToolCallback> toolCallbacks) {
		List<SessionTool> tools = new ArrayList<>();
		for (Object bean : toolBeans) {
			Map<String, AcpTool> annotations = new LinkedHashMap<>();
			Class<?> type = AopUtils.getTargetClass(bean);
			for (Method method : ReflectionUtils.getDeclaredMethods(type)) {
				if (AnnotatedElementUtils.hasAnnotation(method, Tool.class)) {
					AcpTool annotation = AnnotatedElementUtils.findMergedAnnotation(method, AcpTool.class);
					if (annotation != null) {
						annotations.put(ToolUtils.getToolName(method), annotation);
					}
				}
			}
			for (ToolCallback callback : MethodToolCallbackProvider.builder()
				.toolObjects(bean)
				.build()
				.getToolCallbacks()) {
				tools.add(new CallbackTool(callback, annotations.get(callback.getToolDefinition().name())));
			}
		}
		for (ToolCallback callback : toolCallbacks) {
			tools.add(new CallbackTool(callback,
					AnnotatedElementUtils.findMergedAnnotation(AopUtils.getTargetClass(callback), AcpTool.class)));
		}
		return tools;
	}

}
