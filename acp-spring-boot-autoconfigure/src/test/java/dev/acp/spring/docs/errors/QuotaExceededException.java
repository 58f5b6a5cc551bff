package dev.acp.spring.docs.errors;

/**
 * A failure of the application's own that the advice of {@code docs/programming-model.md}
 * maps to an ACP error.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class QuotaExceededException extends RuntimeException {

	private final int limit;

	public QuotaExceededException(int limit) {
		super("Quota of " + limit + " exceeded");
		this.limit = limit;
	}

	public int limit() {
		return this.limit;
	}

}
