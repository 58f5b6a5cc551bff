package dev.acp.spring.ai;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a Spring AI tool appears to the editor: on a {@code @Tool} method, or on the class
 * of a {@code ToolCallback} bean. Without it a tool is of kind {@code other} and runs
 * without asking. <pre class="code">
 * &#64;Tool(description = "Delete a note")
 * &#64;AcpTool(kind = "delete", title = "Delete a note")
 * String deleteNote(String id) { ... }
 * </pre>
 *
 * @author ACP Spring Boot Starter contributors
 */
@Target({ ElementType.METHOD, ElementType.TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AcpTool {

	/**
	 * The ACP tool kind ({@code read}, {@code edit}, {@code delete}, {@code move},
	 * {@code search}, {@code execute}, {@code think}, {@code fetch}, {@code other}).
	 * @return the kind
	 */
	String kind() default "other";

	/**
	 * The title shown to the user; the tool's name when empty.
	 * @return the title
	 */
	String title() default "";

	/**
	 * Whether the user is asked before the tool runs.
	 * @return the permission rule
	 */
	Permission permission() default Permission.BY_KIND;

	/**
	 * Whether a tool asks {@code session/request_permission} before it runs.
	 */
	enum Permission {

		/**
		 * Ask when the tool changes something: kinds {@code edit}, {@code delete},
		 * {@code move} and {@code execute}.
		 */
		BY_KIND,

		/** Always ask. */
		ASK,

		/** Never ask. */
		NEVER

	}

}
