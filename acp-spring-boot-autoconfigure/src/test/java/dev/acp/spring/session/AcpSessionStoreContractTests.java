package dev.acp.spring.session;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.SessionUpdate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The rules every {@link AcpSessionStore} keeps, run against each implementation by a
 * subclass that says how to make a store: empty, keeping {@link #MAX_HISTORY} updates and
 * {@link #MAX_HISTORY_SIZE} bytes per session, with the protocol's mapper.
 *
 * @author ACP Spring Boot Starter contributors
 */
public abstract class AcpSessionStoreContractTests {

	/**
	 * The history bound the stores under test keep.
	 */
	protected static final int MAX_HISTORY = 5;

	/**
	 * The history bound in bytes the stores under test keep per session.
	 */
	protected static final long MAX_HISTORY_SIZE = 100_000;

	/**
	 * Characters of an update of which three fit {@link #MAX_HISTORY_SIZE} and four do
	 * not, whichever way a store counts an update's bytes.
	 */
	private static final int LARGE_TEXT = 30_000;

	protected static final JsonMapper MAPPER = AcpJsonMapper.create();

	private static final Instant T0 = Instant.parse("2026-11-25T10:15:30.123456Z");

	private AcpSessionStore store;

	/**
	 * An empty store keeping {@link #MAX_HISTORY} updates and {@link #MAX_HISTORY_SIZE}
	 * bytes per session.
	 * @return the store
	 */
	protected abstract AcpSessionStore createStore();

	/**
	 * Another instance on what the store of {@link #createStore()} keeps its data in, as
	 * a second instance of the agent would have it, or {@code null} when the store keeps
	 * its data in its own process.
	 * @return the other instance, or {@code null}
	 */
	protected @Nullable AcpSessionStore createOtherInstance() {
		return null;
	}

	@BeforeEach
	void createTheStore() {
		this.store = createStore();
	}

	protected final AcpSessionStore store() {
		return this.store;
	}

	@Test
	void aSavedSessionIsFoundWithEveryField() {
		List<McpServer> servers = MAPPER.readValue("""
				[{"name":"fs","command":"/bin/mcp-fs","args":["--root","/w"],"env":[{"name":"K","value":"v"}],
				  "_meta":{"trace":true}},
				 {"type":"http","name":"web","url":"https://mcp.example/","headers":[{"name":"A","value":"b"}],
				  "futureField":{"x":[1,2]}},
				 {"type":"_acme.dev/pipe","name":"p","where":"/tmp/p"}]""", new TypeReference<>() {
		});
		AcpSessionData session = new AcpSessionData("sess-all", "/work/project", List.of("/work/lib", "/work/docs"),
				servers, "Fix the build", "architect", Map.of("model", "large", "effort", "high"),
				Map.of("text", "v", "count", 42, "flag", true, "ratio", new BigDecimal("0.25"), "list", List.of("a", 1),
						"nested", Map.of("k", List.of(Map.of("deep", "yes")))),
				T0, T0.plusSeconds(60));
		this.store.save(session);
		AcpSessionData found = this.store.find("sess-all");
		assertThat(found).isEqualTo(session);
		assertThat(MAPPER.writeValueAsString(found.mcpServers())).isEqualTo(MAPPER.writeValueAsString(servers));
	}

	@Test
	void aSessionWithoutOptionalFieldsIsFoundAsSaved() {
		AcpSessionData session = new AcpSessionData("sess-min", "/w", List.of(), List.of(), null, null, Map.of(),
				Map.of(), T0, T0);
		this.store.save(session);
		assertThat(this.store.find("sess-min")).isEqualTo(session);
	}

	@Test
	void anUnknownSessionIsNotFound() {
		assertThat(this.store.find("absent")).isNull();
	}

	@Test
	void savingAgainReplacesTheSessionAndKeepsItsHistory() {
		this.store.save(session("sess-1", "/w", T0));
		this.store.append("sess-1", List.of(SessionUpdate.userMessageChunk("hi")));
		AcpSessionData changed = new AcpSessionData("sess-1", "/w", List.of(), List.of(), "Titled", "code",
				Map.of("model", "small"), Map.of("step", 2), T0, T0.plusSeconds(5));
		this.store.save(changed);
		assertThat(this.store.find("sess-1")).isEqualTo(changed);
		assertThat(history("sess-1")).containsExactly(SessionUpdate.userMessageChunk("hi"));
	}

	@Test
	void historyIsReplayedInTheOrderItWasAppendedAcrossAppends() {
		this.store.save(session("sess-1", "/w", T0));
		this.store.append("sess-1", List.of(SessionUpdate.userMessageChunk("one")));
		this.store.append("sess-1",
				List.of(SessionUpdate.agentMessageChunk("two"), SessionUpdate.agentMessageChunk("three")));
		this.store.append("sess-1", List.of());
		this.store.append("sess-1", List.of(SessionUpdate.userMessageChunk("four")));
		assertThat(history("sess-1")).containsExactly(SessionUpdate.userMessageChunk("one"),
				SessionUpdate.agentMessageChunk("two"), SessionUpdate.agentMessageChunk("three"),
				SessionUpdate.userMessageChunk("four"));
	}

	@Test
	void aSessionsOwnerIsKeptAndReplacedBySaving() {
		AcpSessionData owned = owned("sess-1", "/w", T0, "alice");
		this.store.save(owned);
		assertThat(this.store.find("sess-1")).isEqualTo(owned);
		assertThat(this.store.find("sess-1").isOwnedBy("alice")).isTrue();
		assertThat(this.store.find("sess-1").isOwnedBy(null)).isFalse();
		this.store.append("sess-1", List.of(SessionUpdate.userMessageChunk("hi")));
		assertThat(this.store.find("sess-1").owner()).as("an append keeps the owner").isEqualTo("alice");
	}

	@Test
	void listHoldsOnlyTheOwnersSessionsOnEveryPage() {
		for (int i = 0; i < 4; i++) {
			this.store.save(owned("alice-" + i, "/w", T0.plusSeconds(i * 2), "alice"));
			this.store.save(owned("bob-" + i, "/w", T0.plusSeconds(i * 2 + 1), "bob"));
			this.store.save(owned("anonymous-" + i, "/w", T0.plusSeconds(i * 2 + 1), null));
		}
		AcpSessionPage first = this.store.list("alice", "/w", null, 2);
		assertThat(ids(first)).containsExactly("alice-3", "alice-2");
		AcpSessionPage second = this.store.list("alice", "/w", first.nextCursor(), 2);
		assertThat(ids(second)).containsExactly("alice-1", "alice-0");
		assertThat(ids(this.store.list("bob", null, null, 10))).containsExactly("bob-3", "bob-2", "bob-1", "bob-0");
		assertThat(ids(this.store.list(null, null, null, 10))).containsExactly("anonymous-3", "anonymous-2",
				"anonymous-1", "anonymous-0");
		assertThat(ids(this.store.list("carol", null, null, 10))).isEmpty();
	}

	@Test
	void historiesOfSessionsAreKeptApart() {
		this.store.save(session("sess-a", "/w", T0));
		this.store.save(session("sess-b", "/w", T0));
		this.store.append("sess-a", List.of(SessionUpdate.userMessageChunk("for a")));
		this.store.append("sess-b", List.of(SessionUpdate.userMessageChunk("for b")));
		assertThat(history("sess-a")).containsExactly(SessionUpdate.userMessageChunk("for a"));
		assertThat(history("sess-b")).containsExactly(SessionUpdate.userMessageChunk("for b"));
	}

	@Test
	void everyKindOfUpdateIsReplayedExactlyAsAppended() {
		List<String> json = List.of(
				"{\"sessionUpdate\":\"user_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"héllo \\u2603\"},\"messageId\":\"m1\",\"_meta\":{\"a\":[1,{\"b\":null}]}}",
				"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"x\",\"futureField\":7},\"laterField\":{\"y\":1.5}}",
				"{\"sessionUpdate\":\"agent_thought_chunk\",\"content\":{\"type\":\"text\",\"text\":\"hmm\"}}",
				"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"call_1\",\"title\":\"Read\",\"kind\":\"read\",\"status\":\"pending\",\"locations\":[{\"path\":\"/a\",\"line\":3}],\"rawInput\":{\"path\":\"/a\",\"n\":1.25}}",
				"{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"call_1\",\"status\":\"completed\",\"content\":[{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"done\"}}]}",
				"{\"sessionUpdate\":\"plan\",\"entries\":[{\"content\":\"step\",\"priority\":\"high\",\"status\":\"pending\"}],\"_meta\":{\"v\":{}}}",
				"{\"sessionUpdate\":\"current_mode_update\",\"currentModeId\":\"code\"}",
				"{\"sessionUpdate\":\"_acme.dev/trace\",\"steps\":[{\"name\":\"a\",\"done\":true}],\"_meta\":{\"k\":1}}");
		List<SessionUpdate> updates = json.stream().map((each) -> MAPPER.readValue(each, SessionUpdate.class)).toList();
		this.store.save(session("sess-1", "/w", T0));
		this.store.append("sess-1", updates.subList(0, 4));
		this.store.append("sess-1", updates.subList(4, updates.size()));
		List<SessionUpdate> replayed = history("sess-1");
		assertThat(replayed).hasSize(MAX_HISTORY)
			.isEqualTo(updates.subList(updates.size() - MAX_HISTORY, updates.size()));
		assertThat(replayed.stream().map(MAPPER::writeValueAsString).map(MAPPER::readTree).toList())
			.isEqualTo(json.subList(json.size() - MAX_HISTORY, json.size()).stream().map(MAPPER::readTree).toList());
		this.store.save(session("sess-2", "/w", T0));
		this.store.append("sess-2", updates.subList(0, 4));
		assertThat(history("sess-2").stream().map(MAPPER::writeValueAsString).map(MAPPER::readTree).toList())
			.isEqualTo(json.subList(0, 4).stream().map(MAPPER::readTree).toList());
	}

	@Test
	void historyKeepsTheNewestUpdatesUpToTheBound() {
		this.store.save(session("sess-1", "/w", T0));
		List<SessionUpdate> all = new ArrayList<>();
		for (int i = 0; i < MAX_HISTORY * 3 + 1; i++) {
			SessionUpdate update = SessionUpdate.agentMessageChunk("chunk " + i);
			all.add(update);
			this.store.append("sess-1", List.of(update));
		}
		assertThat(history("sess-1")).isEqualTo(all.subList(all.size() - MAX_HISTORY, all.size()));
	}

	@Test
	void oneAppendLongerThanTheBoundKeepsItsNewestUpdates() {
		this.store.save(session("sess-1", "/w", T0));
		List<SessionUpdate> all = new ArrayList<>();
		for (int i = 0; i < MAX_HISTORY + 2; i++) {
			all.add(SessionUpdate.agentMessageChunk("chunk " + i));
		}
		this.store.append("sess-1", all);
		assertThat(history("sess-1")).isEqualTo(all.subList(2, all.size()));
	}

	@Test
	void historyBeyondTheByteBoundReplaysTheNewestUpdatesWithinItInOrder() {
		this.store.save(session("sess-1", "/w", T0));
		List<SessionUpdate> all = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			SessionUpdate update = SessionUpdate.agentMessageChunk(i + "x".repeat(LARGE_TEXT));
			all.add(update);
			this.store.append("sess-1", List.of(update));
		}
		assertThat(history("sess-1")).isEqualTo(all.subList(1, 4));
	}

	@Test
	void anUpdateLargerThanTheByteBoundIsNotReplayedAndTheUpdatesAfterItAre() {
		this.store.save(session("sess-1", "/w", T0));
		this.store.append("sess-1", List.of(SessionUpdate.agentMessageChunk("before")));
		this.store.append("sess-1", List.of(SessionUpdate.agentMessageChunk("x".repeat((int) MAX_HISTORY_SIZE))));
		assertThat(history("sess-1")).isEmpty();
		SessionUpdate after = SessionUpdate.agentMessageChunk("after");
		this.store.append("sess-1", List.of(after));
		assertThat(history("sess-1")).containsExactly(after);
	}

	@Test
	void appendingToAnUnknownSessionDoesNothing() {
		this.store.append("absent", List.of(SessionUpdate.userMessageChunk("lost")));
		assertThat(history("absent")).isEmpty();
		this.store.save(session("absent", "/w", T0));
		assertThat(history("absent")).isEmpty();
	}

	@Test
	void listGivesTheMostRecentlyUpdatedFirstThenBySessionId() {
		this.store.save(session("sess-old", "/w", T0));
		this.store.save(session("sess-new", "/w", T0.plusSeconds(20)));
		this.store.save(session("sess-b", "/w", T0.plusSeconds(10)));
		this.store.save(session("sess-a", "/w", T0.plusSeconds(10)));
		AcpSessionPage page = this.store.list(null, null, null, 10);
		assertThat(ids(page)).containsExactly("sess-new", "sess-a", "sess-b", "sess-old");
		assertThat(page.nextCursor()).isNull();
	}

	@Test
	void appendingToASessionMakesItTheMostRecentlyUpdated() {
		this.store.save(session("sess-a", "/w", T0));
		this.store.save(session("sess-b", "/w", T0.plusSeconds(10)));
		this.store.append("sess-a", List.of(SessionUpdate.agentMessageChunk("turn")));
		assertThat(ids(this.store.list(null, null, null, 10))).containsExactly("sess-a", "sess-b");
		assertThat(this.store.find("sess-a").updatedAt()).isAfter(T0.plusSeconds(10));
	}

	@Test
	void listFiltersByWorkingDirectory() {
		this.store.save(session("sess-1", "/w/one", T0));
		this.store.save(session("sess-2", "/w/two", T0.plusSeconds(1)));
		this.store.save(session("sess-3", "/w/one", T0.plusSeconds(2)));
		assertThat(ids(this.store.list(null, "/w/one", null, 10))).containsExactly("sess-3", "sess-1");
		assertThat(ids(this.store.list(null, "/w/none", null, 10))).isEmpty();
	}

	@Test
	void listPagesThroughEverySessionOnceWithItsCursor() {
		for (int i = 0; i < 7; i++) {
			this.store.save(session("sess-" + i, "/w", T0.plusSeconds(i % 3)));
		}
		this.store.save(session("elsewhere", "/x", T0));
		List<String> seen = new ArrayList<>();
		AcpSessionPage page = this.store.list(null, "/w", null, 3);
		List<Integer> sizes = new ArrayList<>();
		while (true) {
			sizes.add(page.sessions().size());
			seen.addAll(ids(page));
			if (page.nextCursor() == null) {
				break;
			}
			page = this.store.list(null, "/w", page.nextCursor(), 3);
		}
		assertThat(sizes).containsExactly(3, 3, 1);
		assertThat(seen).containsExactly("sess-2", "sess-5", "sess-1", "sess-4", "sess-0", "sess-3", "sess-6");
	}

	@Test
	void aFullLastPageHasNoCursorOrAnEmptyNextPage() {
		this.store.save(session("sess-1", "/w", T0));
		this.store.save(session("sess-2", "/w", T0.plusSeconds(1)));
		AcpSessionPage page = this.store.list(null, null, null, 2);
		assertThat(ids(page)).containsExactly("sess-2", "sess-1");
		if (page.nextCursor() != null) {
			assertThat(this.store.list(null, null, page.nextCursor(), 2).sessions()).isEmpty();
		}
	}

	@Test
	void replaceWritesOnlyOverTheSessionAsItWasRead() {
		this.store.save(session("sess-1", "/w", T0));
		AcpSessionData read = this.store.find("sess-1");
		assertThat(this.store.replace(read, titled(read, "one", T0.plusSeconds(1)))).isTrue();
		assertThat(this.store.find("sess-1").title()).isEqualTo("one");
		assertThat(this.store.replace(read, titled(read, "stale", T0.plusSeconds(2)))).as("read before a save")
			.isFalse();
		assertThat(this.store.find("sess-1").title()).isEqualTo("one");
		AcpSessionData again = this.store.find("sess-1");
		this.store.append("sess-1", List.of(SessionUpdate.agentMessageChunk("x")));
		assertThat(this.store.replace(again, titled(again, "stale", T0.plusSeconds(3)))).as("read before an append")
			.isFalse();
		assertThat(this.store.find("sess-1").title()).isEqualTo("one");
		AcpSessionData current = this.store.find("sess-1");
		this.store.delete("sess-1");
		assertThat(this.store.replace(current, titled(current, "gone", T0.plusSeconds(4)))).as("deleted").isFalse();
		assertThat(this.store.find("sess-1")).isNull();
	}

	private static AcpSessionData titled(AcpSessionData data, String title, Instant updatedAt) {
		return new AcpSessionData(data.sessionId(), data.cwd(), data.additionalDirectories(), data.mcpServers(), title,
				data.currentModeId(), data.configOptions(), data.attributes(), data.createdAt(), updatedAt,
				data.owner());
	}

	@Test
	void listRejectsACursorItDidNotGive() {
		this.store.save(session("sess-1", "/w", T0));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list(null, null, "not a cursor!", 10));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list(null, null, "bm90IGEgY3Vyc29y", 10));
	}

	@Test
	void listRefusesAWellFormedCursorNamingAPlaceItNeverGave() {
		saveThree("/w", null);
		String given = this.store.list(null, "/w", null, 1).nextCursor();
		String forged = cursorBytesReplaced(given, "sess-2", "sess-1");
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list(null, "/w", forged, 1));
	}

	@Test
	void listRefusesAGivenCursorWithAnyByteChanged() {
		saveThree("/w", null);
		String given = this.store.list(null, "/w", null, 1).nextCursor();
		byte[] bytes = Base64.getUrlDecoder().decode(given);
		for (int i = 0; i < bytes.length; i++) {
			byte[] changed = bytes.clone();
			changed[i] ^= 1;
			String cursor = Base64.getUrlEncoder().withoutPadding().encodeToString(changed);
			assertThatIllegalArgumentException().as("byte %d changed", i)
				.isThrownBy(() -> this.store.list(null, "/w", cursor, 1));
		}
		assertThat(ids(this.store.list(null, "/w", given, 1))).containsExactly("sess-1");
	}

	@Test
	void listRefusesACursorGivenForAnotherOwner() {
		saveThree("/w", "alice");
		saveThree("/w", "bob");
		saveThree("/w", null);
		String alices = this.store.list("alice", null, null, 1).nextCursor();
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list("bob", null, alices, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list(null, null, alices, 1));
		String anonymous = this.store.list(null, null, null, 1).nextCursor();
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list("alice", null, anonymous, 1));
		assertThat(ids(this.store.list("alice", null, alices, 1))).containsExactly("alice-sess-1");
	}

	@Test
	void listRefusesACursorGivenUnderAnotherWorkingDirectoryFilter() {
		saveThree("/w/one", null);
		String one = this.store.list(null, "/w/one", null, 1).nextCursor();
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list(null, "/w/two", one, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list(null, null, one, 1));
		String unfiltered = this.store.list(null, null, null, 1).nextCursor();
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list(null, "/w/one", unfiltered, 1));
		assertThat(ids(this.store.list(null, "/w/one", one, 1))).containsExactly("sess-1");
	}

	@Test
	void aCursorGivenByOneInstanceIsAcceptedByAnother() {
		AcpSessionStore other = createOtherInstance();
		assumeTrue(other != null, "the store keeps its data in its own process");
		saveThree("/w", "alice");
		String given = this.store.list("alice", "/w", null, 1).nextCursor();
		assertThat(ids(other.list("alice", "/w", given, 1))).containsExactly("alice-sess-1");
	}

	/**
	 * Saves {@code sess-0} to {@code sess-2} (prefixed by the owner's name), updated in
	 * that order.
	 */
	private void saveThree(String cwd, @Nullable String owner) {
		String prefix = (owner != null) ? owner + "-" : "";
		for (int i = 0; i < 3; i++) {
			this.store.save(owned(prefix + "sess-" + i, cwd, T0.plusSeconds(i), owner));
		}
	}

	private static String cursorBytesReplaced(String cursor, String from, String to) {
		String bytes = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.ISO_8859_1);
		assertThat(bytes).contains(from);
		byte[] replaced = bytes.replace(from, to).getBytes(StandardCharsets.ISO_8859_1);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(replaced);
	}

	@Test
	void deleteRemovesTheSessionAndItsHistory() {
		this.store.save(session("sess-1", "/w", T0));
		this.store.append("sess-1", List.of(SessionUpdate.userMessageChunk("hi")));
		assertThat(this.store.delete("sess-1")).isTrue();
		assertThat(this.store.find("sess-1")).isNull();
		assertThat(history("sess-1")).isEmpty();
		assertThat(this.store.list(null, null, null, 10).sessions()).isEmpty();
		this.store.save(session("sess-1", "/w", T0));
		assertThat(history("sess-1")).isEmpty();
	}

	@Test
	void deletingAnUnknownSessionSaysSo() {
		assertThat(this.store.delete("absent")).isFalse();
	}

	@Test
	void anUnclaimedSessionIsClaimedAndHeldAgainstOthers() {
		this.store.save(session("sess-1", "/w", T0));
		Instant future = Instant.now().plusSeconds(3600);
		assertThat(this.store.claim("sess-1", "conn-a", future)).isTrue();
		assertThat(this.store.claim("sess-1", "conn-b", future)).isFalse();
	}

	@Test
	void theOwnerRenewsItsClaim() {
		this.store.save(session("sess-1", "/w", T0));
		assertThat(this.store.claim("sess-1", "conn-a", Instant.now().plusSeconds(60))).isTrue();
		assertThat(this.store.claim("sess-1", "conn-a", Instant.now().plusSeconds(3600))).isTrue();
		assertThat(this.store.claim("sess-1", "conn-b", Instant.now().plusSeconds(60))).isFalse();
	}

	@Test
	void aReleasedClaimCanBeTakenByAnother() {
		this.store.save(session("sess-1", "/w", T0));
		Instant future = Instant.now().plusSeconds(3600);
		this.store.claim("sess-1", "conn-a", future);
		this.store.release("sess-1", "conn-a");
		assertThat(this.store.claim("sess-1", "conn-b", future)).isTrue();
	}

	@Test
	void releasingAnotherOwnersClaimDoesNothing() {
		this.store.save(session("sess-1", "/w", T0));
		Instant future = Instant.now().plusSeconds(3600);
		this.store.claim("sess-1", "conn-a", future);
		this.store.release("sess-1", "conn-b");
		assertThat(this.store.claim("sess-1", "conn-b", future)).isFalse();
	}

	@Test
	void aLapsedClaimCanBeTakenByAnother() {
		this.store.save(session("sess-1", "/w", T0));
		this.store.claim("sess-1", "conn-killed", Instant.now().minusSeconds(1));
		assertThat(this.store.claim("sess-1", "conn-b", Instant.now().plusSeconds(3600))).isTrue();
		assertThat(this.store.claim("sess-1", "conn-killed", Instant.now().plusSeconds(3600))).isFalse();
	}

	@Test
	void savingASessionKeepsItsClaim() {
		this.store.save(session("sess-1", "/w", T0));
		this.store.claim("sess-1", "conn-a", Instant.now().plusSeconds(3600));
		this.store.save(session("sess-1", "/w", T0.plusSeconds(1)));
		assertThat(this.store.claim("sess-1", "conn-b", Instant.now().plusSeconds(3600))).isFalse();
	}

	@Test
	void anotherInstanceSeesEveryWriteOfThisOne() {
		AcpSessionStore other = createOtherInstance();
		assumeTrue(other != null, "the store keeps its data in its own process");
		this.store.save(session("sess-1", "/w", T0));
		this.store.append("sess-1", List.of(SessionUpdate.userMessageChunk("on a")));
		assertThat(other.find("sess-1")).isEqualTo(this.store.find("sess-1"));
		assertThat(ids(other.list(null, "/w", null, 10))).containsExactly("sess-1");
		other.append("sess-1", List.of(SessionUpdate.agentMessageChunk("on b")));
		List<SessionUpdate> replayed = new ArrayList<>();
		this.store.replay("sess-1", replayed::add);
		assertThat(replayed).containsExactly(SessionUpdate.userMessageChunk("on a"),
				SessionUpdate.agentMessageChunk("on b"));
		Instant future = Instant.now().plusSeconds(3600);
		assertThat(this.store.claim("sess-1", "conn-a", future)).isTrue();
		assertThat(other.claim("sess-1", "conn-b", future)).isFalse();
		this.store.release("sess-1", "conn-a");
		assertThat(other.claim("sess-1", "conn-b", future)).isTrue();
		assertThat(other.delete("sess-1")).isTrue();
		assertThat(this.store.find("sess-1")).isNull();
	}

	protected static AcpSessionData session(String id, String cwd, Instant updatedAt) {
		return new AcpSessionData(id, cwd, List.of(), List.of(), null, null, Map.of(), Map.of(), T0, updatedAt);
	}

	protected static AcpSessionData owned(String id, String cwd, Instant updatedAt, @Nullable String owner) {
		return new AcpSessionData(id, cwd, List.of(), List.of(), null, null, Map.of(), Map.of(), T0, updatedAt, owner);
	}

	protected final List<SessionUpdate> history(String sessionId) {
		List<SessionUpdate> updates = new ArrayList<>();
		this.store.replay(sessionId, updates::add);
		return updates;
	}

	/**
	 * The ids of a page's sessions, in order, each once.
	 * @param page the page
	 * @return the ids
	 */
	protected static List<String> ids(AcpSessionPage page) {
		Set<String> unique = new HashSet<>();
		List<String> ids = page.sessions().stream().map(AcpSessionData::sessionId).toList();
		ids.forEach(unique::add);
		assertThat(unique).hasSameSizeAs(ids);
		return ids;
	}

}
