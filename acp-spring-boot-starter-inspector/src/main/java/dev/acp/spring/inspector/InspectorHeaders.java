package dev.acp.spring.inspector;

import org.springframework.http.HttpHeaders;

/**
 * The headers of every answer of the inspector: never cached without revalidation, no
 * content type sniffing, and a content security policy that lets the page load its own
 * files and connect to its own origin only (no inline script, no other site, no framing).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class InspectorHeaders {

	/**
	 * The policy: the page's own origin only ({@code 'self'} covers its WebSocket too).
	 */
	static final String CONTENT_SECURITY_POLICY = "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
			+ "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

	private InspectorHeaders() {
	}

	static void apply(HttpHeaders headers) {
		headers.setCacheControl("no-cache");
		headers.set("X-Content-Type-Options", "nosniff");
		headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
		headers.set("Referrer-Policy", "no-referrer");
	}

}
