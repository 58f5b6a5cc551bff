package dev.acp.spring.agent;

import java.lang.reflect.Type;

/**
 * Generates the JSON Schema of a handler's params type, for the advertisement of
 * extensions that opt in ({@code @AcpExtension(schemas = true)} or
 * {@code acp.extensions.<namespace>.schemas=true}).
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
public interface AcpParamsSchemaGenerator {

	/**
	 * The JSON Schema of a params type.
	 * @param paramsType the type {@code params} are bound to
	 * @return the schema, any Jackson-writable value
	 */
	Object schemaOf(Type paramsType);

}
