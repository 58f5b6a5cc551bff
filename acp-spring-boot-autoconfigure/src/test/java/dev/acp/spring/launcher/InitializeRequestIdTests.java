package dev.acp.spring.launcher;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link InitializeRequestId}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class InitializeRequestIdTests {

	private static String initialize(String id) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}";
	}

	@Test
	void theIdComesBackExactlyAsWritten() {
		assertThat(InitializeRequestId.of(initialize("0"))).isEqualTo("0");
		assertThat(InitializeRequestId.of(initialize("-12"))).isEqualTo("-12");
		assertThat(InitializeRequestId.of(initialize("1.5e3"))).isEqualTo("1.5e3");
		assertThat(InitializeRequestId.of(initialize("\"0\""))).isEqualTo("\"0\"");
		assertThat(InitializeRequestId.of(initialize("\"a\\\"b\\u00e9\\\\\""))).isEqualTo("\"a\\\"b\\u00e9\\\\\"");
		assertThat(InitializeRequestId.of(initialize("\"é\""))).isEqualTo("\"é\"");
	}

	@Test
	void membersMayComeInAnyOrderWithAnyNestingAndSpacing() {
		assertThat(InitializeRequestId.of(" { \"params\" : {\"a\":[1,{\"b\":\"}]{\\\"\"},[],{}],\"c\":null,\"d\":true,"
				+ "\"e\":[false,-0.5E-2]} , \"method\" : \"initi\\u0061lize\" ,\"id\"\t:\t7 } \r"))
			.isEqualTo("7");
		assertThat(InitializeRequestId.of("{\"method\":\"initialize\",\"id\":\"x\"}")).isEqualTo("\"x\"");
		assertThat(InitializeRequestId.of("{\"method\":\"initialize\",\"params\":{},\"jsonrpc\":\"2.0\",\"id\":\"0\"}"))
			.isEqualTo("\"0\"");
		String deep = "[".repeat(100_000) + "]".repeat(100_000);
		assertThat(InitializeRequestId.of("{\"params\":" + deep + ",\"method\":\"initialize\",\"id\":3}"))
			.isEqualTo("3");
	}

	@Test
	void ofAMemberNamedTwiceTheLastCounts() {
		assertThat(InitializeRequestId.of("{\"id\":1,\"method\":\"initialize\",\"id\":2}")).isEqualTo("2");
		assertThat(InitializeRequestId.of("{\"method\":\"session/new\",\"id\":1,\"method\":\"initialize\"}"))
			.isEqualTo("1");
	}

	@Test
	void anotherMethodOrNoUsableIdHasNoId() {
		assertThat(InitializeRequestId.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\"}")).isNull();
		assertThat(InitializeRequestId.of("{\"jsonrpc\":\"2.0\",\"method\":\"initialize\"}")).isNull();
		assertThat(InitializeRequestId.of(initialize("null"))).isNull();
		assertThat(InitializeRequestId.of(initialize("{\"a\":1}"))).isNull();
		assertThat(InitializeRequestId.of(initialize("[1]"))).isNull();
		assertThat(InitializeRequestId.of(initialize("true"))).isNull();
		assertThat(InitializeRequestId.of("{\"id\":1,\"method\":[\"initialize\"]}")).isNull();
	}

	@Test
	void aLineThatIsNotOneWellFormedObjectHasNoId() {
		for (String line : new String[] { "", "   ", "[]", "\"initialize\"", initialize("0") + "x",
				initialize("0") + "{}", initialize("01"), initialize("-"), initialize("1."), initialize("1e"),
				initialize("+1"), initialize("'a'"), initialize("\"a"), initialize("\"\\x\""), initialize("\"\\u12\""),
				initialize("\"\\u12g4\""), initialize("\"a\tb\""), "{\"id\":1,\"method\":\"initialize\",}",
				"{\"id\":1 \"method\":\"initialize\"}", "{\"id\":1,\"method\":\"initialize\"",
				"{\"params\":{\"a\":1,},\"id\":1,\"method\":\"initialize\"}",
				"{\"params\":[1 2],\"id\":1,\"method\":\"initialize\"}",
				"{\"params\":{\"a\" 1},\"id\":1,\"method\":\"initialize\"}",
				"{\"params\":[}],\"id\":1,\"method\":\"initialize\"}",
				"{\"params\":nul,\"id\":1,\"method\":\"initialize\"}", "{id:1,\"method\":\"initialize\"}",
				"[".repeat(100_000) }) {
			assertThat(InitializeRequestId.of(line)).as(line.length() > 100 ? "deep" : line).isNull();
		}
	}

}
