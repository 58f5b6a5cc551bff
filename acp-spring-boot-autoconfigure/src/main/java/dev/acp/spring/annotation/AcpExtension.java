package dev.acp.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the extension namespace the handler methods of a bean belong to; its methods must
 * lie under {@code _<namespace>/}. The namespace is advertised in
 * {@code agentCapabilities._meta}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AcpExtension {

	/**
	 * The namespace, such as {@code example.com/analytics}.
	 * @return the namespace
	 */
	String value();

	/**
	 * The version advertised, empty for none.
	 * @return the version
	 */
	String version() default "";

	/**
	 * A URI naming the extension's specification, empty for none.
	 * @return the URI
	 */
	String uri() default "";

	/**
	 * Whether clients must support this extension: a client whose capabilities lack it is
	 * refused at {@code initialize}.
	 * @return whether required
	 */
	boolean required() default false;

	/**
	 * Whether each method's advertisement carries the JSON Schema of its params type
	 * ({@code schemas} in the namespace's {@code _meta} entry), generated from the type
	 * and its Bean Validation annotations, so that a client can build a call, a form or a
	 * model tool from it. Needs {@code com.github.victools:jsonschema-generator} on the
	 * class path.
	 * @return whether to advertise schemas
	 */
	boolean schemas() default false;

}
