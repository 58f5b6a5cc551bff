package dev.acp.spring.transport.websocket;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;

/**
 * The bearer token clients must present as {@code Authorization: Bearer <token>}, for
 * applications without Spring Security: checks a header in constant time and names the
 * client that presented it {@link #PRINCIPAL_NAME}. The token is never logged nor shown
 * by {@link #toString()}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class BearerToken {

	/** The name of the principal of a client that presented the token. */
	public static final String PRINCIPAL_NAME = "bearer";

	/** The value of {@code WWW-Authenticate} on a 401 answer. */
	public static final String CHALLENGE = "Bearer";

	private static final String PREFIX = "Bearer ";

	private static final Principal PRINCIPAL = new BearerPrincipal();

	private final byte[] expectedDigest;

	/**
	 * Create a token.
	 * @param token the token clients must present (not empty; surrounding whitespace is
	 * ignored)
	 */
	public BearerToken(String token) {
		if (token == null || token.isBlank()) {
			throw new IllegalArgumentException("The bearer token must not be empty");
		}
		this.expectedDigest = digest(token.strip());
	}

	/**
	 * The principal of a client whose {@code Authorization} header carries the token.
	 * @param authorization the {@code Authorization} header, or {@code null}
	 * @return the principal, or {@code null} when the header is missing, of another
	 * scheme, or carries another token
	 */
	public Principal authenticate(String authorization) {
		if (authorization != null && authorization.regionMatches(true, 0, PREFIX, 0, PREFIX.length()) && MessageDigest
			.isEqual(this.expectedDigest, digest(authorization.substring(PREFIX.length()).strip()))) {
			return PRINCIPAL;
		}
		return null;
	}

	private static byte[] digest(String token) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public String toString() {
		return "BearerToken[******]";
	}

	/**
	 * The principal of a client that presented the bearer token.
	 */
	private record BearerPrincipal() implements Principal {

		@Override
		public String getName() {
			return PRINCIPAL_NAME;
		}

	}

}
