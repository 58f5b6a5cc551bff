package dev.acp.spring.test.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.acp.spring.agent.support.InMemoryAgent;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Holds the test module to the API meant for users: its code meets the starter's wiring
 * through {@link InMemoryAgent} only.
 *
 * @author ACP Spring Boot Starter contributors
 */
class TestModuleArchitectureTests {

	@Test
	void theTestModuleEntersTheWiringOnlyThroughInMemoryAgent() {
		JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("dev.acp.spring.test");
		DescribedPredicate<JavaClass> userApi = resideInAnyPackage("dev.acp.spring.test..",
				"dev.acp.spring.annotation..", "dev.acp.spring.method", "dev.acp.spring.agent",
				"dev.acp.spring.protocol..")
			.or(belongToAnyOf(InMemoryAgent.class, JsonRpcError.class, JsonRpcException.class,
					AcpAutoConfiguration.class));
		noClasses().that()
			.resideInAPackage("dev.acp.spring.test..")
			.should()
			.dependOnClassesThat(resideInAPackage("dev.acp.spring..").and(not(userApi)))
			.check(classes);
	}

}
