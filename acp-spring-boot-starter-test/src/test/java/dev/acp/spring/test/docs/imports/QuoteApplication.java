package dev.acp.spring.test.docs.imports;

import java.math.BigDecimal;
import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;

// An application whose handler needs a bean that does not serve ACP, for QuoteAgentTests (docs/testing.md) and
// AcpTestMissingBeanReportTests
@SpringBootApplication
public class QuoteApplication {

}

@Service
class PriceList {

	BigDecimal price(String item) {
		return new BigDecimal("2.50");
	}

}

@Component
class Quotes {

	private final PriceList prices;

	Quotes(PriceList prices) {
		this.prices = prices;
	}

	@AcpMethod("_shop.example/quote")
	Map<String, Object> quote(QuoteParams params) {
		return Map.of("item", params.item(), "price", this.prices.price(params.item()));
	}

	record QuoteParams(String item) {
	}

}
