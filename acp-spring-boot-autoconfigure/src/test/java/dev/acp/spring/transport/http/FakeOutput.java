package dev.acp.spring.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;
import org.mockito.ArgumentCaptor;

import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.Mockito.mock;

/**
 * The non-blocking output of a {@code GET}'s response, whose client takes bytes only
 * while a test says it is ready, and the asynchronous context around it.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class FakeOutput extends ServletOutputStream {

	final ByteArrayOutputStream written = new ByteArrayOutputStream();

	final AsyncContext context = mock(AsyncContext.class);

	boolean ready = true;

	int flushes;

	IOException failure;

	WriteListener listener;

	FakeOutput() {
		ServletResponse response = mock(ServletResponse.class);
		given(this.context.getResponse()).willReturn(response);
		try {
			given(response.getOutputStream()).willReturn(this);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	String text() {
		return this.written.toString(StandardCharsets.UTF_8);
	}

	/**
	 * The listener the stream added to the asynchronous context.
	 * @return the listener
	 */
	AsyncListener asyncListener() {
		ArgumentCaptor<AsyncListener> captor = ArgumentCaptor.forClass(AsyncListener.class);
		then(this.context).should().addListener(captor.capture());
		return captor.getValue();
	}

	@Override
	public boolean isReady() {
		return this.ready;
	}

	@Override
	public void setWriteListener(WriteListener writeListener) {
		this.listener = writeListener;
	}

	@Override
	public void write(int b) throws IOException {
		fail();
		this.written.write(b);
	}

	@Override
	public void write(byte[] b, int off, int len) throws IOException {
		fail();
		this.written.write(b, off, len);
	}

	@Override
	public void flush() throws IOException {
		fail();
		this.flushes++;
	}

	private void fail() throws IOException {
		if (this.failure != null) {
			throw this.failure;
		}
	}

}
