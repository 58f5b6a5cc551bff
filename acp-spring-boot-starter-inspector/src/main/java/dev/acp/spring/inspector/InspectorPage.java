package dev.acp.spring.inspector;

import java.io.IOException;
import java.util.Map;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Serves the static files of the inspector page from the class path
 * ({@code dev/acp/spring/inspector/page/}): {@code index.html} for the directory itself,
 * only files of the known types, nothing outside that directory.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class InspectorPage {

	/** The class path directory of the page. */
	static final String LOCATION = "dev/acp/spring/inspector/page/";

	private static final Map<String, MediaType> TYPES = Map.of("html",
			MediaType.parseMediaType("text/html;charset=UTF-8"), "css",
			MediaType.parseMediaType("text/css;charset=UTF-8"), "js",
			MediaType.parseMediaType("text/javascript;charset=UTF-8"), "svg", MediaType.parseMediaType("image/svg+xml"),
			"png", MediaType.IMAGE_PNG);

	/**
	 * Answers a file of the page.
	 * @param file the file's path under the page ({@code ""} or {@code "/"} for
	 * {@code index.html})
	 * @return the file with its content type, or 404
	 * @throws IOException when the file cannot be read
	 */
	public ServerResponse serve(String file) throws IOException {
		String name = file.startsWith("/") ? file.substring(1) : file;
		if (name.isEmpty()) {
			name = "index.html";
		}
		MediaType type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
		if (type == null || name.contains("..") || name.contains("\\") || name.contains("//") || name.startsWith("/")) {
			return notFound();
		}
		ClassPathResource resource = new ClassPathResource(LOCATION + name, InspectorPage.class.getClassLoader());
		if (!resource.isReadable()) {
			return notFound();
		}
		byte[] content = resource.getContentAsByteArray();
		return ServerResponse.ok().contentType(type).headers(InspectorHeaders::apply).body(content);
	}

	/**
	 * The handler of a route with a {@code {*file}} path variable.
	 * @param request the request
	 * @return the file or 404
	 * @throws IOException when the file cannot be read
	 */
	ServerResponse handle(ServerRequest request) throws IOException {
		return serve(request.pathVariable("file"));
	}

	private static ServerResponse notFound() {
		return ServerResponse.status(HttpStatus.NOT_FOUND).headers(InspectorHeaders::apply).build();
	}

}
