/*
 * Copyright 2026 the original author or authors.
 */

package dev.acp.interop.kotlin

import com.agentclientprotocol.agent.AgentInfo
import com.agentclientprotocol.client.Client
import com.agentclientprotocol.client.ClientInfo
import com.agentclientprotocol.client.ClientOperationsFactory
import com.agentclientprotocol.client.ClientSession
import com.agentclientprotocol.common.ClientSessionOperations
import com.agentclientprotocol.common.Event
import com.agentclientprotocol.common.SessionCreationParameters
import com.agentclientprotocol.model.AcpMethod
import com.agentclientprotocol.model.ContentBlock
import com.agentclientprotocol.model.Implementation
import com.agentclientprotocol.model.PermissionOption
import com.agentclientprotocol.model.PermissionOptionId
import com.agentclientprotocol.model.PermissionOptionKind
import com.agentclientprotocol.model.RequestPermissionOutcome
import com.agentclientprotocol.model.RequestPermissionResponse
import com.agentclientprotocol.model.SessionUpdate
import com.agentclientprotocol.model.StopReason
import com.agentclientprotocol.model.ToolCallStatus
import com.agentclientprotocol.model.ToolKind
import com.agentclientprotocol.protocol.Protocol
import com.agentclientprotocol.rpc.MethodName
import com.agentclientprotocol.transport.StdioTransport
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.util.UUID
import java.util.concurrent.TimeUnit
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.async
import kotlinx.coroutines.cancel
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlinx.io.asSink
import kotlinx.io.asSource
import kotlinx.io.buffered
import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.builtins.NothingSerializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.put
import kotlinx.serialization.json.putJsonArray
import kotlinx.serialization.json.putJsonObject
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import kotlin.time.Duration.Companion.seconds

/**
 * The official Kotlin ACP SDK's client (`com.agentclientprotocol:acp`, the one JetBrains'
 * integrations build on) as a peer of the demo agent (DESIGN §9) over stdio: one demo jar
 * spawned for the class, one connection through the SDK's `StdioTransport`, `Protocol` and
 * `Client`. Extension methods and notifications go through the SDK's raw calls
 * (`sendRequestRaw`, `sendNotificationRaw`), as its typed client has none.
 *
 * The timeouts only bound a failure: every wait is on the SDK's own suspending calls and
 * flows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KotlinSdkClientIT {

    private val scope = CoroutineScope(SupervisorJob() + Dispatchers.Default)

    private lateinit var agent: Process

    private lateinit var protocol: Protocol

    private lateinit var client: Client

    private lateinit var initialized: AgentInfo

    @BeforeAll
    fun connect(): Unit = runBlocking {
        val java = Paths.get(System.getProperty("java.home"), "bin", "java").toString()
        val jar = File(System.getProperty("acp.demo.jar", "../../demo-app/target/acp-demo.jar")).absolutePath
        val stderr = Files.createDirectories(Path.of("target")).resolve("kotlin-sdk-client-agent.log").toFile()
        // The SDK has no process launcher of its own: its StdioTransport runs over the
        // spawned agent's standard streams (the agent's log goes to a file). The fast
        // launch's JVM flags: a start in half the CPU time, for a short-lived agent.
        agent = ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", jar)
            .redirectError(ProcessBuilder.Redirect.to(stderr))
            .start()
        val transport = StdioTransport(scope, Dispatchers.IO, agent.inputStream.asSource().buffered(),
            agent.outputStream.asSink().buffered(), "demo-agent")
        protocol = Protocol(scope, transport)
        client = Client(protocol)
        protocol.start()
        initialized = withTimeout(TIMEOUT) {
            client.initialize(ClientInfo(implementation = Implementation("kotlin-sdk-interop", "0.10.5")))
        }
    }

    @AfterAll
    fun closeAndSeeTheAgentExitZero() {
        try {
            // closes the agent's standard input: it drains and exits 0
            protocol.close()
            assertTrue(agent.waitFor(TIMEOUT.inWholeSeconds, TimeUnit.SECONDS), "the agent exits at end of input")
            assertEquals(0, agent.exitValue())
        }
        finally {
            agent.destroyForcibly()
            scope.cancel()
        }
    }

    @Test
    fun initializeAnswersVersionOneAndTheDemoAdvertisementExactly() {
        assertEquals(1, initialized.protocolVersion)
        assertEquals("acp-demo", initialized.implementation?.name)
        val advertised = initialized.capabilities._meta?.jsonObject
        assertNotNull(advertised)
        // the demo's two extensions exactly, beside the starter's own key (its health extension)
        assertNotNull(advertised!!["acp-spring-boot"])
        assertEquals(Json.parseToJsonElement(ADVERTISED_META), JsonObject(advertised - "acp-spring-boot"))
    }

    @Test
    fun echoExtensionMethodAnswersItsParamsExactly(): Unit = runBlocking {
        val params = buildJsonObject {
            put("text", "hi from Kotlin ✓")
            put("n", 2)
            put("ratio", 0.5)
            put("flag", true)
            put("nothing", JsonNull)
            putJsonArray("list") { add(buildJsonObject { put("nested", "x") }) }
            putJsonObject("_meta") { put("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01") }
        }
        val echoed = withTimeout(TIMEOUT) { protocol.sendRequestRaw(MethodName("_demo.acp/echo"), params) }
        assertEquals(buildJsonObject { put("params", params) }, echoed)
    }

    @Test
    fun analyticsSummaryCountsTheEventsNotifiedBeforeIt(): Unit = runBlocking {
        val sessionId = "sess_kotlin_sdk_" + UUID.randomUUID()
        // notifications are handled in arrival order, before any message received after them
        // (DESIGN §3): the summary sent right behind them sees them, no waiting in between
        for (event in listOf("tool_execution", "model_call", "tool_execution")) {
            protocol.sendNotificationRaw(ANALYTICS_EVENT, buildJsonObject {
                put("event", event)
                putJsonObject("data") { put("tool", "edit_file") }
                put("sessionId", sessionId)
            })
        }
        val summary = withTimeout(TIMEOUT) {
            protocol.sendRequestRaw(MethodName("_example.com/analytics/summary"),
                buildJsonObject { put("sessionId", sessionId) })
        }
        assertEquals(Json.parseToJsonElement("""{"total":3,"byEvent":{"tool_execution":2,"model_call":1}}"""),
            summary)
    }

    @Test
    fun promptIsEchoedByOneMessageChunkThenEndTurn(): Unit = runBlocking {
        val session = newSession(Permissions())
        assertTrue(session.sessionId.value.startsWith("sess_"), session.sessionId.value)
        val events = withTimeout(TIMEOUT) {
            session.prompt(listOf(ContentBlock.Text("hello from the Kotlin SDK"))).toList()
        }
        assertEquals(2, events.size, events.toString())
        val chunk = assertInstanceOf(SessionUpdate.AgentMessageChunk::class.java, update(events[0]))
        assertEquals("hello from the Kotlin SDK", assertInstanceOf(ContentBlock.Text::class.java, chunk.content).text)
        assertEquals(StopReason.END_TURN, assertInstanceOf(Event.PromptResponseEvent::class.java, events[1]).response.stopReason)
    }

    @Test
    fun cancelEndsATurnWaitingOnAPermissionRequestWithCancelled(): Unit = runBlocking {
        val permissions = Permissions()
        val session = newSession(permissions)
        try {
            val (question, turn) = withTimeout(TIMEOUT) {
                coroutineScope {
                    val turn = async { session.prompt(listOf(ContentBlock.Text("tool"))).toList() }
                    val question = permissions.asked.await()
                    session.cancel()
                    question to turn.await()
                }
            }
            val (toolCall, options) = question
            assertEquals(listOf("allow" to PermissionOptionKind.ALLOW_ONCE, "reject" to PermissionOptionKind.REJECT_ONCE),
                options.map { it.optionId.value to it.kind })
            assertEquals(StopReason.CANCELLED, assertInstanceOf(Event.PromptResponseEvent::class.java, turn.last()).response.stopReason)
            val updates = turn.dropLast(1).map(::update)
            assertInstanceOf(SessionUpdate.PlanUpdate::class.java, updates[0])
            val pending = assertInstanceOf(SessionUpdate.ToolCall::class.java, updates[1])
            assertEquals(ToolKind.EDIT, pending.kind)
            assertEquals(ToolCallStatus.PENDING, pending.status)
            assertEquals(pending.toolCallId, toolCall.toolCallId)
            // nothing ran: no progress or completion of the tool, no closing message
            assertTrue(updates.none { it is SessionUpdate.AgentMessageChunk }, updates.toString())
            assertTrue(updates.filterIsInstance<SessionUpdate.ToolCallUpdate>().all { it.status == ToolCallStatus.FAILED },
                updates.toString())
        }
        finally {
            // the question is answered "allow" only now: a turn that ignored the cancel
            // would have gone on waiting for it, and then edited and ended end_turn. (The
            // agent's $/cancel_request for it does not reach this handler: SDK 0.10.5
            // listens for $/cancelRequest.)
            permissions.turnEnded.complete(Unit)
        }
    }

    private suspend fun newSession(operations: ClientSessionOperations): ClientSession = withTimeout(TIMEOUT) {
        client.newSession(SessionCreationParameters(System.getProperty("java.io.tmpdir"), emptyList()),
            ClientOperationsFactory { _, _ -> operations })
    }

    private fun update(event: Event): SessionUpdate =
        assertInstanceOf(Event.SessionUpdateEvent::class.java, event).update

    /**
     * The client's permission dialog: it records the question and answers "allow" once
     * [turnEnded] completes.
     */
    private class Permissions : ClientSessionOperations {

        val asked = CompletableDeferred<Pair<SessionUpdate.ToolCallUpdate, List<PermissionOption>>>()

        val turnEnded = CompletableDeferred<Unit>()

        override suspend fun requestPermissions(toolCall: SessionUpdate.ToolCallUpdate,
            permissions: List<PermissionOption>, _meta: JsonElement?): RequestPermissionResponse {
            asked.complete(toolCall to permissions)
            turnEnded.await()
            return RequestPermissionResponse(RequestPermissionOutcome.Selected(PermissionOptionId("allow")))
        }

        override suspend fun notify(notification: SessionUpdate, _meta: JsonElement?) {
        }

    }

    private companion object {

        val TIMEOUT = 60.seconds

        const val ADVERTISED_META = """
            {"example.com/analytics": {"version":"1.0","methods":["_example.com/analytics/summary"],
             "notifications":["_example.com/analytics/event"],"events":["tool_execution","model_call"]},
             "demo.acp": {"version":"1.0","methods":["_demo.acp/echo"]}}"""

        /**
         * The SDK's raw notification call takes a typed method; its serializer is never used
         * for a raw call, hence `Nothing`.
         */
        @OptIn(ExperimentalSerializationApi::class)
        val ANALYTICS_EVENT = AcpMethod.AcpNotificationMethod("_example.com/analytics/event", NothingSerializer())

    }

}
