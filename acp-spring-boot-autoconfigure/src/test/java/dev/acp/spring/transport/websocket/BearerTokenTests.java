package dev.acp.spring.transport.websocket;

import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link BearerToken}: one principal per token.
 *
 * @author ACP Spring Boot Starter contributors
 */
class BearerTokenTests {

	@Test
	void eachTokenIsThePrincipalOfItsName() {
		Map<String, String> tokens = new LinkedHashMap<>();
		tokens.put("alice", "alice-token");
		tokens.put("bob", " bob-token\n");
		BearerToken token = new BearerToken(tokens);
		Principal alice = token.authenticate("Bearer alice-token");
		Principal bob = token.authenticate("bearer bob-token");
		assertThat(alice.getName()).isEqualTo("alice");
		assertThat(bob.getName()).isEqualTo("bob");
		assertThat(alice).isNotEqualTo(bob).isEqualTo(token.authenticate("Bearer  alice-token "));
		assertThat(token.authenticate("Bearer carol-token")).isNull();
		assertThat(token.authenticate("Basic alice-token")).isNull();
		assertThat(token.authenticate(null)).isNull();
		assertThat(token.principalNames()).containsExactly("alice", "bob");
	}

	@Test
	void aSharedTokenMakesEveryHolderOnePrincipal() {
		BearerToken token = new BearerToken("shared");
		assertThat(token.authenticate("Bearer shared").getName()).isEqualTo(BearerToken.PRINCIPAL_NAME);
		assertThat(token.authenticate("Bearer shared")).isEqualTo(token.authenticate("Bearer shared"));
	}

	@Test
	void emptyNamesTokensOrSetsAndSharedTokensAreRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BearerToken(Map.of()));
		assertThatIllegalArgumentException().isThrownBy(() -> new BearerToken(Map.of("alice", " ")));
		assertThatIllegalArgumentException().isThrownBy(() -> new BearerToken(Map.of(" ", "token")));
		assertThatIllegalArgumentException().isThrownBy(() -> new BearerToken(" "));
		assertThatIllegalArgumentException().isThrownBy(() -> new BearerToken(Map.of("alice", "same", "bob", " same")))
			.withMessageContaining("a token of its own")
			.withMessageNotContaining("same'");
	}

	@Test
	void noTokenIsShown() {
		assertThat(new BearerToken(Map.of("alice", "alice-token")).toString()).contains("alice")
			.doesNotContain("alice-token");
	}

}
