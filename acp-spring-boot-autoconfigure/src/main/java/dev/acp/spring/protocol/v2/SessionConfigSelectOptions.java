package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonValue;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ArrayNode;

/**
 * The possible values of a select option: a flat list, or a list of groups. Read by
 * shape: an array whose items carry {@code groupId} is {@link Grouped}, any other array
 * (including an empty one) is {@link Ungrouped}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = SessionConfigSelectOptions.Deserializer.class)
public sealed interface SessionConfigSelectOptions
		permits SessionConfigSelectOptions.Ungrouped, SessionConfigSelectOptions.Grouped {

	/**
	 * A flat list of values.
	 *
	 * @param options the values
	 */
	record Ungrouped(@JsonValue List<SessionConfigSelectOption> options) implements SessionConfigSelectOptions {

		public Ungrouped {
			options = List.copyOf(Objects.requireNonNull(options, "options"));
		}

	}

	/**
	 * Values organised into groups.
	 *
	 * @param groups the groups
	 */
	record Grouped(@JsonValue List<SessionConfigSelectGroup> groups) implements SessionConfigSelectOptions {

		public Grouped {
			groups = List.copyOf(Objects.requireNonNull(groups, "groups"));
		}

	}

	/**
	 * Reads select options by shape.
	 */
	final class Deserializer extends ValueDeserializer<SessionConfigSelectOptions> {

		@Override
		public SessionConfigSelectOptions deserialize(JsonParser parser, DeserializationContext context) {
			JsonNode node = context.readTree(parser);
			if (!(node instanceof ArrayNode array)) {
				return context.reportInputMismatch(SessionConfigSelectOptions.class,
						"Expected an array for SessionConfigSelectOptions");
			}
			boolean grouped = false;
			for (JsonNode item : array) {
				grouped |= item.isObject() && item.has("groupId");
			}
			if (grouped) {
				JavaType type = context.getTypeFactory()
					.constructCollectionType(List.class, SessionConfigSelectGroup.class);
				return new Grouped(context.readTreeAsValue(array, type));
			}
			JavaType type = context.getTypeFactory()
				.constructCollectionType(List.class, SessionConfigSelectOption.class);
			return new Ungrouped(context.readTreeAsValue(array, type));
		}

	}

}
