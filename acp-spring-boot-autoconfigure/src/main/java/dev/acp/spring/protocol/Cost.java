package dev.acp.spring.protocol;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Cost information for a session.
 *
 * @param amount total cumulative cost for session
 * @param currency unit of {@code amount}: an ISO 4217 currency code (e.g., "USD", "EUR")
 * for money, or another unit such as "credits"
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Cost(BigDecimal amount, String currency, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public Cost {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(amount, "amount");
		Objects.requireNonNull(currency, "currency");
	}

	public Cost(BigDecimal amount, String currency, @Nullable Map<String, Object> meta) {
		this(amount, currency, meta, Map.of());
	}

	public Cost(BigDecimal amount, String currency) {
		this(amount, currency, null, Map.of());
	}

}
