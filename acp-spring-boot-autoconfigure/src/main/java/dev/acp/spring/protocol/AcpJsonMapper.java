package dev.acp.spring.protocol;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * The settings ACP messages need on a Jackson mapper: single-line output whatever the
 * application configured (NDJSON framing), unknown fields tolerated, floats kept exact,
 * and no number or boolean accepted where the protocol wants a string.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpJsonMapper {

	private AcpJsonMapper() {
	}

	/**
	 * Apply the protocol settings to a builder (typically Boot's, so that the
	 * application's modules apply).
	 * @param builder the builder
	 * @return the builder
	 */
	public static JsonMapper.Builder configure(JsonMapper.Builder builder) {
		return builder.disable(SerializationFeature.INDENT_OUTPUT)
			.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
			.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
			.withCoercionConfig(LogicalType.Textual,
					(config) -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
	}

	/**
	 * A mapper with the protocol settings and nothing else.
	 * @return the mapper
	 */
	public static JsonMapper create() {
		return configure(JsonMapper.builder()).build();
	}

}
