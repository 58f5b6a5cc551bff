package dev.acp.spring.transport.websocket;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The bearer tokens clients must present as {@code Authorization: Bearer <token>}, for
 * applications without Spring Security: each token names its principal, so each person
 * given a token of their own is a principal of their own (and owns their sessions). One
 * shared token ({@link #BearerToken(String)}) makes every client the one principal
 * {@link #PRINCIPAL_NAME}. A presented token is compared with every token in constant
 * time. Tokens are never logged nor shown by {@link #toString()}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class BearerToken {

	/** The name of the principal of a client that presented the shared token. */
	public static final String PRINCIPAL_NAME = "bearer";

	/** The value of {@code WWW-Authenticate} on a 401 answer. */
	public static final String CHALLENGE = "Bearer";

	private static final String PREFIX = "Bearer ";

	private final List<Holder> holders;

	/**
	 * Create the one token every client shares: they are all the principal
	 * {@link #PRINCIPAL_NAME}.
	 * @param token the token clients must present (not empty; surrounding whitespace is
	 * ignored)
	 */
	public BearerToken(String token) {
		this(Map.of(PRINCIPAL_NAME, requireToken(PRINCIPAL_NAME, token)));
	}

	/**
	 * Create tokens of their own for several principals.
	 * @param tokens the tokens by the name of the principal that presents them (at least
	 * one; no name or token empty, no token given twice; surrounding whitespace of a
	 * token is ignored)
	 */
	public BearerToken(Map<String, String> tokens) {
		if (tokens.isEmpty()) {
			throw new IllegalArgumentException("At least one bearer token is needed");
		}
		List<Holder> holders = new ArrayList<>();
		tokens.forEach((name, token) -> {
			if (name == null || name.isBlank()) {
				throw new IllegalArgumentException("The name of a bearer token must not be empty");
			}
			byte[] digest = digest(requireToken(name, token).strip());
			for (Holder holder : holders) {
				if (MessageDigest.isEqual(holder.digest(), digest)) {
					throw new IllegalArgumentException("The bearer tokens of '" + holder.principal().getName()
							+ "' and '" + name + "' are the same: each principal needs a token of its own");
				}
			}
			holders.add(new Holder(digest, new TokenPrincipal(name)));
		});
		this.holders = List.copyOf(holders);
	}

	private static String requireToken(String name, @Nullable String token) {
		if (token == null || token.isBlank()) {
			throw new IllegalArgumentException("The bearer token of '" + name + "' must not be empty");
		}
		return token;
	}

	/**
	 * The principal of a client whose {@code Authorization} header carries a token.
	 * @param authorization the {@code Authorization} header, or {@code null}
	 * @return the principal of the token, or {@code null} when the header is missing, of
	 * another scheme, or carries no token of these
	 */
	public @Nullable Principal authenticate(@Nullable String authorization) {
		if (authorization == null || !authorization.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
			return null;
		}
		byte[] presented = digest(authorization.substring(PREFIX.length()).strip());
		Principal match = null;
		for (Holder holder : this.holders) {
			// every token is compared, whichever matches: the time tells nothing
			if (MessageDigest.isEqual(holder.digest(), presented)) {
				match = holder.principal();
			}
		}
		return match;
	}

	/**
	 * The names of the principals the tokens stand for.
	 * @return the names
	 */
	public List<String> principalNames() {
		return this.holders.stream().map((holder) -> holder.principal().getName()).toList();
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
		return "BearerToken" + principalNames() + "[******]";
	}

	private record Holder(byte[] digest, Principal principal) {

	}

	/**
	 * The principal of a client that presented a token: the token's name.
	 *
	 * @param name the name
	 */
	private record TokenPrincipal(String name) implements Principal {

		@Override
		public String getName() {
			return this.name;
		}

		@Override
		public String toString() {
			return "TokenPrincipal[" + this.name + "]";
		}

	}

}
