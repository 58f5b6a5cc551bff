package dev.acp.spring.docs.quickstart;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;

import org.springframework.stereotype.Component;

// docs/quick-start.md: the snippet is copied from this file (DocsSnippetsTests holds them together)
@Component
@AcpExtension(value = "example.com/analytics", version = "1.0")
class Analytics {

	private final List<AnalyticsEvent> events = new CopyOnWriteArrayList<>();

	@AcpNotification("_example.com/analytics/event")
	void event(AnalyticsEvent event, AcpRequestContext context) {
		this.events.add(event);
	}

	@AcpMethod("_example.com/analytics/summary")
	Summary summary(@Valid SummaryParams params) {
		return new Summary(this.events.stream().filter((event) -> event.name().equals(params.event())).count());
	}

}

@Component
class Sessions {

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest request, AcpRequestContext context) {
		context.client()
			.sessionUpdate(request.sessionId(), new SessionUpdate.AgentMessageChunk(new ContentBlock.Text("hi")));
		return new PromptResponse(StopReason.END_TURN);
	}

}

record AnalyticsEvent(@NotBlank String name, Map<String, Object> data) {
}

record SummaryParams(@NotBlank String event) {
}

record Summary(long total) {
}
