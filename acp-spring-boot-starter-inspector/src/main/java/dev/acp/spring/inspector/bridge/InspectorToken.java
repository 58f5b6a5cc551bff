package dev.acp.spring.inspector.bridge;

import java.security.SecureRandom;
import java.util.Base64;

import dev.acp.spring.transport.websocket.BearerToken;
import org.jspecify.annotations.Nullable;

/**
 * The random token of one run of the inspector, given to the person in the page's URL: 32
 * random bytes, base64url. Presented tokens are compared in constant time; the token is
 * never logged nor shown by {@link #toString()}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class InspectorToken {

	private static final int BYTES = 32;

	private final String value;

	private final BearerToken bearer;

	InspectorToken(String value) {
		this.bearer = new BearerToken(value);
		this.value = value;
	}

	/**
	 * A new random token.
	 * @return the token
	 */
	public static InspectorToken random() {
		byte[] bytes = new byte[BYTES];
		new SecureRandom().nextBytes(bytes);
		return new InspectorToken(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
	}

	/**
	 * The token itself, for the URL given to the person.
	 * @return the token
	 */
	public String value() {
		return this.value;
	}

	/**
	 * Whether an {@code Authorization} header carries the token as a bearer token.
	 * @param authorization the header, or {@code null}
	 * @return whether it does
	 */
	public boolean authorizes(@Nullable String authorization) {
		return this.bearer.authenticate(authorization) != null;
	}

	/**
	 * Whether a token presented as it is (the WebSocket handshake's {@code token} query
	 * parameter) is this one.
	 * @param presented the token, or {@code null}
	 * @return whether it is
	 */
	public boolean matches(@Nullable String presented) {
		return presented != null && authorizes(BearerToken.CHALLENGE + " " + presented);
	}

	@Override
	public String toString() {
		return "InspectorToken[******]";
	}

}
