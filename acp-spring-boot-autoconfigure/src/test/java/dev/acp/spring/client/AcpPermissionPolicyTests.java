package dev.acp.spring.client;

import java.util.List;

import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PermissionOptionKind;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * Tests of {@link AcpPermissionPolicy}: what the default policy answers, and what a
 * policy allows unless it says otherwise.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpPermissionPolicyTests {

	private final AcpAgentSession session = mock(AcpAgentSession.class);

	private RequestPermissionOutcome rejectDecides(PermissionOption... options) {
		return AcpPermissionPolicy.REJECT
			.decide(new RequestPermissionRequest("s", ToolCallUpdate.of("t1"), List.of(options)), this.session)
			.outcome();
	}

	private static PermissionOption option(String id, PermissionOptionKind kind) {
		return new PermissionOption(id, id, kind);
	}

	@Test
	void theDefaultPolicySelectsRejectOnceOverEveryOtherOption() {
		assertThat(rejectDecides(option("allow", PermissionOptionKind.ALLOW_ONCE),
				option("never", PermissionOptionKind.REJECT_ALWAYS), option("no", PermissionOptionKind.REJECT_ONCE),
				option("always", PermissionOptionKind.ALLOW_ALWAYS)))
			.isEqualTo(new RequestPermissionOutcome.Selected("no"));
	}

	@Test
	void theDefaultPolicySelectsTheFirstRejectAlwaysWhenNoRejectOnceIsOffered() {
		assertThat(rejectDecides(option("allow", PermissionOptionKind.ALLOW_ONCE),
				option("never", PermissionOptionKind.REJECT_ALWAYS),
				option("never-again", PermissionOptionKind.REJECT_ALWAYS)))
			.isEqualTo(new RequestPermissionOutcome.Selected("never"));
	}

	@Test
	void theDefaultPolicyCancelsWhenNoRejectingOptionIsOffered() {
		assertThat(rejectDecides(option("allow", PermissionOptionKind.ALLOW_ONCE),
				option("always", PermissionOptionKind.ALLOW_ALWAYS)))
			.isInstanceOf(RequestPermissionOutcome.Cancelled.class);
	}

	@Test
	void aPolicyRefusesEveryWriteAndCommandUnlessItSaysOtherwise() {
		AcpPermissionPolicy allowsEveryQuestion = (request, session) -> null;
		assertThat(allowsEveryQuestion.allowsWrite(new WriteTextFileRequest("s", "/w/a.txt", "x"), this.session))
			.isFalse();
		assertThat(allowsEveryQuestion.allowsCommand(new CreateTerminalRequest("s", "true"), this.session)).isFalse();
		assertThat(AcpPermissionPolicy.REJECT.allowsWrite(new WriteTextFileRequest("s", "/w/a.txt", "x"), this.session))
			.isFalse();
	}

}
