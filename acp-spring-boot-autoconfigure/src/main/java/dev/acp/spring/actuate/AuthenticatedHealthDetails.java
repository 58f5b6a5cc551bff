package dev.acp.spring.actuate;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.health.actuate.endpoint.AdditionalHealthEndpointPath;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroup;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroups;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroupsPostProcessor;
import org.springframework.boot.health.actuate.endpoint.HttpCodeStatusMapper;
import org.springframework.boot.health.actuate.endpoint.StatusAggregator;

/**
 * Shows the health's components and details to authenticated requests only, on top of
 * what {@code management.endpoint.health.show-details} and {@code show-components} (and
 * those of each group) allow: {@code always} becomes "to requests that presented the
 * bearer token", {@code when-authorized} and {@code never} are unchanged. An anonymous
 * request gets the status alone.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AuthenticatedHealthDetails implements HealthEndpointGroupsPostProcessor {

	@Override
	public HealthEndpointGroups postProcessHealthEndpointGroups(HealthEndpointGroups groups) {
		Map<String, HealthEndpointGroup> named = new LinkedHashMap<>();
		for (String name : groups.getNames()) {
			HealthEndpointGroup group = groups.get(name);
			if (group != null) {
				named.put(name, new AuthenticatedGroup(group));
			}
		}
		return HealthEndpointGroups.of(new AuthenticatedGroup(groups.getPrimary()), named);
	}

	private record AuthenticatedGroup(HealthEndpointGroup delegate) implements HealthEndpointGroup {

		@Override
		public boolean isMember(String name) {
			return this.delegate.isMember(name);
		}

		@Override
		public boolean showComponents(SecurityContext securityContext) {
			return securityContext.getPrincipal() != null && this.delegate.showComponents(securityContext);
		}

		@Override
		public boolean showDetails(SecurityContext securityContext) {
			return securityContext.getPrincipal() != null && this.delegate.showDetails(securityContext);
		}

		@Override
		public StatusAggregator getStatusAggregator() {
			return this.delegate.getStatusAggregator();
		}

		@Override
		public HttpCodeStatusMapper getHttpCodeStatusMapper() {
			return this.delegate.getHttpCodeStatusMapper();
		}

		@Override
		public @Nullable AdditionalHealthEndpointPath getAdditionalPath() {
			return this.delegate.getAdditionalPath();
		}

	}

}
