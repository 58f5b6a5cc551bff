package dev.acp.spring.inspector.bridge;

/**
 * The length of text in UTF-8 bytes, counted without encoding it.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class Utf8 {

	private Utf8() {
	}

	static long length(CharSequence text) {
		long bytes = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c < 0x80) {
				bytes++;
			}
			else if (c < 0x800) {
				bytes += 2;
			}
			else if (Character.isHighSurrogate(c) && i + 1 < text.length()
					&& Character.isLowSurrogate(text.charAt(i + 1))) {
				bytes += 4;
				i++;
			}
			else {
				bytes += 3;
			}
		}
		return bytes;
	}

}
