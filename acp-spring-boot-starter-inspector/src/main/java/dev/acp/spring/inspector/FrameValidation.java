package dev.acp.spring.inspector;

import java.io.IOException;
import java.io.InputStream;
import java.security.Principal;
import java.util.function.Function;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The page's {@code POST ./validate}: checks one frame of the traffic log with
 * {@link AcpFrameValidator}. The body ({@code protocolVersion}, {@code from},
 * {@code frame}, {@code method} for a response) is at most 1 MiB (413 past it); a body
 * that is not that JSON is answered 400; a request without the credential the
 * {@code authorized} predicate wants is answered 401.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class FrameValidation {

	/** The largest body read: 1 MiB. */
	public static final int MAX_BODY = 1024 * 1024;

	private final AcpFrameValidator validator;

	private final JsonMapper mapper;

	private final Predicate<@Nullable String> authorized;

	/**
	 * A validation endpoint.
	 * @param validator the validator
	 * @param mapper the mapper that reads bodies and writes answers
	 * @param authorized whether a request's {@code Authorization} header (or
	 * {@code null}) may validate
	 */
	public FrameValidation(AcpFrameValidator validator, JsonMapper mapper, Predicate<@Nullable String> authorized) {
		this.validator = validator;
		this.mapper = mapper;
		this.authorized = authorized;
	}

	/**
	 * Answers a validation request.
	 * @param request the request
	 * @return 200 with the outcome, or 400, 401 or 413
	 * @throws IOException when the body cannot be read
	 */
	public ServerResponse handle(ServerRequest request) throws IOException {
		if (!this.authorized.test(request.headers().firstHeader(HttpHeaders.AUTHORIZATION))) {
			return ServerResponse.status(HttpStatus.UNAUTHORIZED)
				.headers(InspectorHeaders::apply)
				.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
				.build();
		}
		if (request.headers().contentLength().orElse(0) > MAX_BODY) {
			return problem(HttpStatus.CONTENT_TOO_LARGE, "The body is larger than 1 MiB");
		}
		byte[] body;
		try (InputStream input = request.servletRequest().getInputStream()) {
			body = input.readNBytes(MAX_BODY + 1);
		}
		if (body.length > MAX_BODY) {
			return problem(HttpStatus.CONTENT_TOO_LARGE, "The body is larger than 1 MiB");
		}
		JsonNode query;
		try {
			query = this.mapper.readTree(body);
		}
		catch (JacksonException ex) {
			return problem(HttpStatus.BAD_REQUEST, "The body is not JSON");
		}
		JsonNode version = query.path("protocolVersion");
		JsonNode from = query.path("from");
		JsonNode frame = query.get("frame");
		JsonNode method = query.path("method");
		if (!version.isIntegralNumber() || !version.canConvertToInt() || frame == null
				|| !("client".equals(from.asString(null)) || "agent".equals(from.asString(null)))
				|| !(method.isMissingNode() || method.isNull() || method.isString())) {
			return problem(HttpStatus.BAD_REQUEST,
					"Expected {\"protocolVersion\": 1, \"from\": \"client\" | \"agent\", \"frame\": {...}, \"method\": \"...\"}");
		}
		AcpFrameValidator.Validation outcome;
		try {
			outcome = this.validator.validate(version.asInt(), from.asString(), frame,
					method.isString() ? method.asString() : null);
		}
		catch (IllegalArgumentException ex) {
			return problem(HttpStatus.BAD_REQUEST, "Unknown protocol version " + version.asInt());
		}
		ObjectNode answer = this.mapper.createObjectNode().put("valid", outcome.valid());
		if (!outcome.valid()) {
			ArrayNode errors = answer.putArray("errors");
			outcome.errors().forEach(errors::add);
		}
		if (outcome.unchecked() != null) {
			answer.put("unchecked", outcome.unchecked());
		}
		return json(HttpStatus.OK, answer);
	}

	private ServerResponse problem(HttpStatus status, String message) {
		return json(status, this.mapper.createObjectNode().put("error", message));
	}

	private ServerResponse json(HttpStatus status, ObjectNode body) {
		return ServerResponse.status(status)
			.contentType(MediaType.APPLICATION_JSON)
			.headers(InspectorHeaders::apply)
			.body(this.mapper.writeValueAsBytes(body));
	}

	/**
	 * A predicate that lets every request through.
	 * @return the predicate
	 */
	static Predicate<@Nullable String> anyone() {
		return (authorization) -> true;
	}

	/**
	 * The predicate of a request that must present a token the given check knows.
	 * @param check the token check ({@code Authorization} header to principal or
	 * {@code null})
	 * @return the predicate
	 */
	static Predicate<@Nullable String> bearer(Function<@Nullable String, @Nullable Principal> check) {
		return (authorization) -> check.apply(authorization) != null;
	}

}
