package dev.acp.spring.autoconfigure;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import dev.acp.spring.transport.websocket.BearerToken;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.BindResult;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * Reads the bearer tokens of the remote transports from the environment: the shared
 * {@code acp.websocket.auth.bearer-token} (or {@code bearer-token-file}), whose holders
 * are all the principal {@link BearerToken#PRINCIPAL_NAME}, and the tokens of their own
 * of named principals, {@code acp.websocket.auth.tokens.<name>} (from any property
 * source: {@code ACP_WEBSOCKET_AUTH_TOKENS_<NAME>} in the environment, a config tree of
 * mounted secrets) and the {@code name=token} lines of
 * {@code acp.websocket.auth.tokens-file}. A property that is present must give tokens: an
 * empty or blank one, an unresolved placeholder, a file that is empty or cannot be read,
 * or a token given to two names fails start-up naming the property, never turning
 * authentication off.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class BearerTokenReader {

	static final String BEARER_TOKEN = "acp.websocket.auth.bearer-token";

	static final String BEARER_TOKEN_FILE = "acp.websocket.auth.bearer-token-file";

	static final String TOKENS = "acp.websocket.auth.tokens";

	static final String TOKENS_FILE = "acp.websocket.auth.tokens-file";

	private static final Bindable<Map<String, String>> TOKEN_MAP = Bindable.mapOf(String.class, String.class);

	private BearerTokenReader() {
	}

	/**
	 * Whether any token property is present, whatever its value.
	 * @param binder the binder of the environment
	 * @return whether one is
	 */
	static boolean isConfigured(Binder binder) {
		return binder.bind(BEARER_TOKEN, String.class).isBound()
				|| binder.bind(BEARER_TOKEN_FILE, String.class).isBound() || binder.bind(TOKENS, TOKEN_MAP).isBound()
				|| binder.bind(TOKENS_FILE, String.class).isBound();
	}

	/**
	 * The configured tokens.
	 * @param binder the binder of the environment
	 * @return the tokens, or {@code null} when no token property is present
	 */
	static @Nullable BearerToken read(Binder binder) {
		Map<String, String> tokens = new LinkedHashMap<>();
		String shared = sharedToken(binder);
		if (shared != null) {
			tokens.put(BearerToken.PRINCIPAL_NAME, shared);
		}
		String sharedProperty = binder.bind(BEARER_TOKEN, String.class).isBound() ? BEARER_TOKEN : BEARER_TOKEN_FILE;
		BindResult<Map<String, String>> named = binder.bind(TOKENS, TOKEN_MAP);
		if (named.isBound()) {
			named.get()
				.forEach((name, token) -> put(tokens, TOKENS + "." + name, "******", name,
						requireToken(TOKENS + "." + name, token, token, "")));
		}
		BindResult<String> file = binder.bind(TOKENS_FILE, String.class);
		if (file.isBound()) {
			String location = file.get();
			Properties lines = readTokensFile(location);
			for (String name : lines.stringPropertyNames()) {
				put(tokens, TOKENS_FILE, location, name,
						requireToken(TOKENS_FILE, location, lines.getProperty(name), " of '" + name + "' in the file"));
			}
		}
		if (tokens.isEmpty()) {
			return null;
		}
		try {
			return new BearerToken(tokens);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException(named.isBound() ? TOKENS : sharedProperty, "******",
					ex.getMessage());
		}
	}

	private static void put(Map<String, String> tokens, String property, String value, String name, String token) {
		if (name.isBlank()) {
			throw new InvalidConfigurationPropertyValueException(property, value, "A bearer token has no name.");
		}
		if (tokens.putIfAbsent(name, token) != null) {
			throw new InvalidConfigurationPropertyValueException(property, value,
					BearerToken.PRINCIPAL_NAME.equals(name)
							? "The name '" + name + "' is the principal of the shared " + BEARER_TOKEN
									+ ": give the token another name."
							: "The principal '" + name + "' is given two tokens.");
		}
	}

	/**
	 * The shared token: {@code acp.websocket.auth.bearer-token}, else the content of
	 * {@code acp.websocket.auth.bearer-token-file}, else {@code null}.
	 * @param binder the binder of the environment
	 * @return the token, or {@code null} when neither property is set
	 */
	static @Nullable String sharedToken(Binder binder) {
		BindResult<String> token = binder.bind(BEARER_TOKEN, String.class);
		if (token.isBound()) {
			return requireToken(BEARER_TOKEN, token.get(), token.get(), "");
		}
		BindResult<String> file = binder.bind(BEARER_TOKEN_FILE, String.class);
		if (!file.isBound()) {
			return null;
		}
		String location = file.get();
		StringBuilder content = new StringBuilder();
		try (Reader reader = open(BEARER_TOKEN_FILE, location)) {
			char[] buffer = new char[4096];
			for (int read = reader.read(buffer); read >= 0; read = reader.read(buffer)) {
				content.append(buffer, 0, read);
			}
		}
		catch (IOException ex) {
			throw unreadable(BEARER_TOKEN_FILE, location, ex);
		}
		return requireToken(BEARER_TOKEN_FILE, location, content.toString(), " in the file");
	}

	private static Properties readTokensFile(String location) {
		Properties lines = new Properties();
		try (Reader reader = open(TOKENS_FILE, location)) {
			lines.load(reader);
		}
		catch (IOException | IllegalArgumentException ex) {
			throw unreadable(TOKENS_FILE, location, ex);
		}
		if (lines.isEmpty()) {
			throw new InvalidConfigurationPropertyValueException(TOKENS_FILE, location,
					"The tokens file has no 'name=token' line, which would let anyone connect. Give tokens, or remove "
							+ TOKENS_FILE + ".");
		}
		return lines;
	}

	private static Reader open(String property, String location) {
		if (location.isBlank()) {
			throw new InvalidConfigurationPropertyValueException(property, location,
					"The path of the file is empty. Set it to a file holding the token, or remove " + property
							+ " to turn WebSocket authentication off.");
		}
		try {
			return Files.newBufferedReader(Path.of(location.strip()), StandardCharsets.UTF_8);
		}
		catch (IOException | RuntimeException ex) {
			throw unreadable(property, location, ex);
		}
	}

	private static InvalidConfigurationPropertyValueException unreadable(String property, String location,
			Exception ex) {
		return new InvalidConfigurationPropertyValueException(property, location,
				"The file cannot be read (" + ex.getClass().getSimpleName() + ").");
	}

	private static String requireToken(String property, String value, @Nullable String token, String where) {
		if (token == null || token.isBlank()) {
			throw new InvalidConfigurationPropertyValueException(property, value,
					"The bearer token" + where + " is empty, which would let anyone connect. Set a token, or remove "
							+ property + " to turn WebSocket authentication off.");
		}
		if (token.contains("${")) {
			throw new InvalidConfigurationPropertyValueException(property, value,
					"The bearer token" + where + " contains an unresolved placeholder.");
		}
		return token.strip();
	}

}
