package dev.acp.spring.launcher;

import org.jspecify.annotations.Nullable;

/**
 * The id of a JSON-RPC {@code initialize} request, read from one line without a JSON
 * library: the line must be one JSON object, well formed throughout; its {@code method}
 * must be {@code initialize} and its {@code id} a string or a number, returned exactly as
 * written (so that {@code 0}, {@code "0"} and {@code "a\"b"} come back as they came). Of
 * a member named twice the last counts, as for the agent's own JSON reader. Nested values
 * are walked without recursion, so no depth of nesting can overflow the stack.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class InitializeRequestId {

	private final String text;

	private int at;

	private InitializeRequestId(String text) {
		this.text = text;
	}

	/**
	 * The id of the {@code initialize} request on the line.
	 * @param line the line, without its line end
	 * @return the id's JSON text, or {@code null} when the line is not such a request
	 */
	static @Nullable String of(String line) {
		try {
			return new InitializeRequestId(line).read();
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	private @Nullable String read() {
		String id = null;
		String method = null;
		space();
		expect('{');
		space();
		if (peek() == '}') {
			this.at++;
		}
		else {
			while (true) {
				space();
				String key = string();
				space();
				expect(':');
				space();
				int start = this.at;
				char first = peek();
				if (key.equals("method")) {
					method = (first == '"') ? string() : null;
					if (method == null) {
						value();
					}
				}
				else {
					value();
					if (key.equals("id")) {
						id = (first == '"' || first == '-' || isDigit(first)) ? this.text.substring(start, this.at)
								: null;
					}
				}
				space();
				if (next() == '}') {
					break;
				}
				this.at--;
				expect(',');
			}
		}
		space();
		if (this.at != this.text.length()) {
			throw new IllegalArgumentException();
		}
		return "initialize".equals(method) ? id : null;
	}

	/**
	 * Skip one value, checking its grammar: containers are tracked on a stack of their
	 * opening characters.
	 */
	private void value() {
		StringBuilder open = new StringBuilder();
		while (true) {
			space();
			char c = peek();
			if (c == '{' || c == '[') {
				this.at++;
				space();
				if (peek() == ((c == '{') ? '}' : ']')) {
					this.at++;
				}
				else {
					open.append(c);
					if (c == '{') {
						member();
					}
					continue;
				}
			}
			else {
				scalar();
			}
			if (close(open)) {
				return;
			}
		}
	}

	/**
	 * After a value: close the containers it ends, or move to the next element.
	 * @return whether the outermost value is complete
	 */
	private boolean close(StringBuilder open) {
		while (open.length() > 0) {
			space();
			char container = open.charAt(open.length() - 1);
			char c = next();
			if (c == ',') {
				if (container == '{') {
					space();
					member();
				}
				return false;
			}
			if (c != ((container == '{') ? '}' : ']')) {
				throw new IllegalArgumentException();
			}
			open.setLength(open.length() - 1);
		}
		return true;
	}

	private void member() {
		string();
		space();
		expect(':');
	}

	private void scalar() {
		char c = peek();
		if (c == '"') {
			string();
		}
		else if (c == '-' || isDigit(c)) {
			number();
		}
		else if (!literal("true") && !literal("false") && !literal("null")) {
			throw new IllegalArgumentException();
		}
	}

	private boolean literal(String word) {
		if (this.text.startsWith(word, this.at)) {
			this.at += word.length();
			return true;
		}
		return false;
	}

	private void number() {
		if (peek() == '-') {
			this.at++;
		}
		if (peek() == '0') {
			this.at++;
		}
		else {
			digits();
		}
		if (this.at < this.text.length() && peek() == '.') {
			this.at++;
			digits();
		}
		if (this.at < this.text.length() && (peek() == 'e' || peek() == 'E')) {
			this.at++;
			if (peek() == '+' || peek() == '-') {
				this.at++;
			}
			digits();
		}
	}

	private void digits() {
		if (!isDigit(peek())) {
			throw new IllegalArgumentException();
		}
		while (this.at < this.text.length() && isDigit(peek())) {
			this.at++;
		}
	}

	/**
	 * Read a string, checking its escapes.
	 * @return its value
	 */
	private String string() {
		expect('"');
		StringBuilder value = new StringBuilder();
		while (true) {
			char c = next();
			if (c == '"') {
				return value.toString();
			}
			if (c < 0x20) {
				throw new IllegalArgumentException();
			}
			if (c != '\\') {
				value.append(c);
				continue;
			}
			char escaped = next();
			switch (escaped) {
				case '"', '\\', '/' -> value.append(escaped);
				case 'b' -> value.append('\b');
				case 'f' -> value.append('\f');
				case 'n' -> value.append('\n');
				case 'r' -> value.append('\r');
				case 't' -> value.append('\t');
				case 'u' -> value.append(hex());
				default -> throw new IllegalArgumentException();
			}
		}
	}

	private char hex() {
		int code = 0;
		for (int i = 0; i < 4; i++) {
			char c = next();
			int digit;
			if (isDigit(c)) {
				digit = c - '0';
			}
			else if (c >= 'a' && c <= 'f') {
				digit = c - 'a' + 10;
			}
			else if (c >= 'A' && c <= 'F') {
				digit = c - 'A' + 10;
			}
			else {
				throw new IllegalArgumentException();
			}
			code = code * 16 + digit;
		}
		return (char) code;
	}

	private void space() {
		while (this.at < this.text.length()) {
			char c = this.text.charAt(this.at);
			if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
				return;
			}
			this.at++;
		}
	}

	private void expect(char expected) {
		if (next() != expected) {
			throw new IllegalArgumentException();
		}
	}

	private char peek() {
		if (this.at >= this.text.length()) {
			throw new IllegalArgumentException();
		}
		return this.text.charAt(this.at);
	}

	private char next() {
		char c = peek();
		this.at++;
		return c;
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

}
