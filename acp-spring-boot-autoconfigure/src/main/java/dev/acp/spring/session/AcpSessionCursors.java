package dev.acp.spring.session;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import java.util.function.Supplier;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.jspecify.annotations.Nullable;

/**
 * The cursors of a store's {@link AcpSessionStore#list session list}: where a page ended
 * (the last session's {@code updatedAt} and id), signed with HMAC-SHA256 together with
 * the list it is a cursor of (owner and {@code cwd} filter), written as base64url. A
 * cursor is accepted only by a store holding the same key, for the same owner and filter,
 * with every byte as it was given; anything else is refused with an
 * {@link IllegalArgumentException}.
 * <p>
 * The key is asked for on first use, not before, and kept.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpSessionCursors {

	/**
	 * The length of a key {@link #newKey()} makes, and the least a key may have: 256
	 * bits.
	 */
	public static final int KEY_LENGTH = 32;

	private static final String ALGORITHM = "HmacSHA256";

	private static final int TAG_LENGTH = 32;

	private static final String VERSION = "c2:";

	private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");

	private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");

	private static final SecureRandom RANDOM = new SecureRandom();

	private final Supplier<byte[]> keySource;

	private volatile @Nullable SecretKeySpec key;

	/**
	 * Creates the cursors of a store.
	 * @param keySource gives the key (at least {@value #KEY_LENGTH} bytes) on first use
	 */
	public AcpSessionCursors(Supplier<byte[]> keySource) {
		this.keySource = Objects.requireNonNull(keySource, "keySource");
	}

	/**
	 * A new random key of {@value #KEY_LENGTH} bytes.
	 * @return the key
	 */
	public static byte[] newKey() {
		byte[] key = new byte[KEY_LENGTH];
		RANDOM.nextBytes(key);
		return key;
	}

	/**
	 * The cursor of the page that ended at a session.
	 * @param owner the owner the list was asked for
	 * @param cwd the working directory filter the list was asked with
	 * @param updatedAt the last session's {@code updatedAt}
	 * @param sessionId the last session's id
	 * @return the cursor
	 */
	public String encode(@Nullable String owner, @Nullable String cwd, Instant updatedAt, String sessionId) {
		return sign(owner, cwd, VERSION + updatedAt.getEpochSecond() + ":" + updatedAt.getNano() + ":" + sessionId);
	}

	String sign(@Nullable String owner, @Nullable String cwd, String position) {
		byte[] content = position.getBytes(StandardCharsets.UTF_8);
		byte[] tag = tag(owner, cwd, content);
		byte[] cursor = Arrays.copyOf(content, content.length + TAG_LENGTH);
		System.arraycopy(tag, 0, cursor, content.length, TAG_LENGTH);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(cursor);
	}

	/**
	 * Where the page a cursor was given for ended.
	 * @param owner the owner the list is asked for
	 * @param cwd the working directory filter the list is asked with
	 * @param cursor the cursor
	 * @return the position of the page's last session
	 * @throws IllegalArgumentException if the cursor was not given by these cursors' key
	 * for this owner and filter, or names no position a session can have
	 */
	public Position decode(@Nullable String owner, @Nullable String cwd, String cursor) {
		byte[] bytes;
		try {
			bytes = Base64.getUrlDecoder().decode(cursor);
		}
		catch (IllegalArgumentException ex) {
			throw notACursor(cursor, ex);
		}
		if (bytes.length <= TAG_LENGTH) {
			throw notACursor(cursor, null);
		}
		byte[] content = Arrays.copyOf(bytes, bytes.length - TAG_LENGTH);
		byte[] tag = Arrays.copyOfRange(bytes, content.length, bytes.length);
		if (!MessageDigest.isEqual(tag, tag(owner, cwd, content))) {
			throw notACursor(cursor, null);
		}
		return position(cursor, new String(content, StandardCharsets.UTF_8));
	}

	private static Position position(String cursor, String text) {
		String[] parts = text.startsWith(VERSION) ? text.substring(VERSION.length()).split(":", 3) : new String[0];
		if (parts.length != 3 || parts[2].isEmpty()) {
			throw notACursor(cursor, null);
		}
		Instant updatedAt;
		try {
			updatedAt = Instant.ofEpochSecond(Long.parseLong(parts[0]), Integer.parseInt(parts[1]));
		}
		catch (RuntimeException ex) {
			throw notACursor(cursor, ex);
		}
		if (updatedAt.isBefore(EARLIEST) || updatedAt.isAfter(LATEST)) {
			throw notACursor(cursor, null);
		}
		return new Position(updatedAt, parts[2]);
	}

	private byte[] tag(@Nullable String owner, @Nullable String cwd, byte[] content) {
		ByteArrayOutputStream signed = new ByteArrayOutputStream();
		field(signed, owner);
		field(signed, cwd);
		signed.writeBytes(content);
		try {
			Mac mac = Mac.getInstance(ALGORITHM);
			mac.init(key());
			return mac.doFinal(signed.toByteArray());
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HMAC-SHA256 is not available", ex);
		}
	}

	/**
	 * Writes a value so that no two (owner, filter) pairs write the same bytes: absent,
	 * or present with its length.
	 */
	private static void field(ByteArrayOutputStream out, @Nullable String value) {
		if (value == null) {
			out.write(0);
			return;
		}
		byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
		out.write(1);
		out.writeBytes(new byte[] { (byte) (bytes.length >>> 24), (byte) (bytes.length >>> 16),
				(byte) (bytes.length >>> 8), (byte) bytes.length });
		out.writeBytes(bytes);
	}

	private SecretKeySpec key() {
		SecretKeySpec key = this.key;
		if (key == null) {
			synchronized (this) {
				key = this.key;
				if (key == null) {
					byte[] bytes = this.keySource.get();
					if (bytes.length < KEY_LENGTH) {
						throw new IllegalStateException("A session list cursor key must have at least " + KEY_LENGTH
								+ " bytes, it has " + bytes.length);
					}
					key = new SecretKeySpec(bytes, ALGORITHM);
					this.key = key;
				}
			}
		}
		return key;
	}

	private static IllegalArgumentException notACursor(String cursor, @Nullable Throwable cause) {
		return new IllegalArgumentException("Not a session list cursor this store gave: " + cursor, cause);
	}

	/**
	 * Where a page ended: its last session's place in the order, most recently updated
	 * first, then by id.
	 *
	 * @param updatedAt the last session's {@code updatedAt}
	 * @param sessionId the last session's id
	 */
	public record Position(Instant updatedAt, String sessionId) {

		/**
		 * Whether a session comes after this position in the order.
		 * @param session the session
		 * @return whether it does
		 */
		public boolean isBefore(AcpSessionData session) {
			int byTime = session.updatedAt().compareTo(this.updatedAt);
			return byTime < 0 || (byTime == 0 && session.sessionId().compareTo(this.sessionId) > 0);
		}

	}

}
