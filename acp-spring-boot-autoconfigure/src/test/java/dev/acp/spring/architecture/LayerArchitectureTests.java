package dev.acp.spring.architecture;

import java.util.ArrayList;
import java.util.List;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Holds the layer rules of the design: each layer knows only the layers below it, and the
 * packages applications use know nothing of the machinery behind them.
 *
 * @author ACP Spring Boot Starter contributors
 */
class LayerArchitectureTests {

	private static final String BASE = "dev.acp.spring";

	/**
	 * The packages whose types applications write or call: annotations, what a handler
	 * uses, what plugs into the agent, and the protocol values.
	 */
	private static final String[] USER_FACING = { BASE + ".annotation..", BASE + ".method", BASE + ".agent",
			BASE + ".protocol.." };

	private static JavaClasses classes;

	@BeforeAll
	static void importClasses() {
		classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages(BASE);
	}

	@Test
	void jsonRpcKnowsNeitherAcpNorSpringNorTransports() {
		noClasses().that()
			.resideInAPackage(BASE + ".jsonrpc..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", BASE + ".protocol..", BASE + ".annotation..",
					BASE + ".method..", BASE + ".agent..", BASE + ".transport..", BASE + ".autoconfigure..",
					BASE + ".actuate..", BASE + ".client..")
			.check(classes);
	}

	@Test
	void protocolKnowsNoSpringAndNoHigherLayer() {
		noClasses().that()
			.resideInAPackage(BASE + ".protocol..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", BASE + ".jsonrpc..", BASE + ".annotation..",
					BASE + ".method..", BASE + ".agent..", BASE + ".transport..", BASE + ".autoconfigure..",
					BASE + ".actuate..")
			.check(classes);
	}

	@Test
	void handlerModelKnowsNoTransportAgentOrWiring() {
		noClasses().that()
			.resideInAnyPackage(BASE + ".annotation..", BASE + ".method..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(BASE + ".agent..", BASE + ".transport..", BASE + ".autoconfigure..",
					BASE + ".actuate..", "org.springframework.boot..")
			.check(classes);
	}

	@Test
	void agentKnowsNoTransportOrWiring() {
		noClasses().that()
			.resideInAPackage(BASE + ".agent..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(BASE + ".transport..", BASE + ".autoconfigure..", BASE + ".actuate..",
					"org.springframework.boot..")
			.check(classes);
	}

	@Test
	void sessionsKnowOnlyTheProtocol() {
		classes().that()
			.resideInAPackage(BASE + ".session")
			.should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage("java..", "javax.crypto..", "org.jspecify..", BASE + ".protocol..", BASE + ".session..")
			.check(classes);
	}

	@Test
	void theClientKnowsNoWiring() {
		noClasses().that()
			.resideInAPackage(BASE + ".client..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(BASE + ".autoconfigure..", BASE + ".actuate..", "org.springframework.boot..")
			.check(classes);
	}

	@Test
	void theAgentSideKnowsNothingOfTheClientRole() {
		noClasses().that()
			.resideInAnyPackage(BASE + ".agent..", BASE + ".method..", BASE + ".annotation..", BASE + ".transport..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage(BASE + ".client..")
			.check(classes);
	}

	@Test
	void theClientsPublicApiMeetsTheJsonRpcLayerOnlyThroughItsErrorsAndExposesNoMachinery() {
		DescribedPredicate<JavaClass> internal = resideInAnyPackage(BASE + ".jsonrpc..", BASE + ".transport..",
				"..support..")
			.and(not(belongToAnyOf(JsonRpcError.class, JsonRpcException.class)));
		codeUnits().that()
			.areDeclaredInClassesThat()
			.resideInAPackage(BASE + ".client")
			.and()
			.areDeclaredInClassesThat()
			.arePublic()
			.and()
			.arePublic()
			.should(new ArchCondition<JavaCodeUnit>("expose no JSON-RPC internals, transport or support type") {
				@Override
				public void check(JavaCodeUnit unit, ConditionEvents events) {
					List<JavaClass> exposed = new ArrayList<>(unit.getRawParameterTypes());
					exposed.add(unit.getRawReturnType());
					for (JavaClass type : exposed) {
						if (internal.test(type)) {
							events.add(SimpleConditionEvent.violated(unit,
									unit.getFullName() + " exposes " + type.getName()));
						}
					}
				}
			})
			.check(classes);
	}

	@Test
	void transportsKnowOnlyJsonRpc() {
		noClasses().that()
			.resideInAPackage(BASE + ".transport..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(BASE + ".protocol..", BASE + ".annotation..", BASE + ".method..", BASE + ".agent..",
					BASE + ".autoconfigure..", BASE + ".actuate..")
			.check(classes);
	}

	@Test
	void theJdbcSessionStoreKnowsNoSpringBootNorTheLayersAboveTheStore() {
		noClasses().that()
			.resideInAPackage(BASE + ".session.jdbc..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework.boot..", BASE + ".jsonrpc..", BASE + ".annotation..",
					BASE + ".method..", BASE + ".agent..", BASE + ".transport..", BASE + ".autoconfigure..",
					BASE + ".actuate..")
			.check(classes);
	}

	@Test
	void theLauncherNeedsNothingButTheJdksBaseModule() {
		classes().that()
			.resideInAPackage(BASE + ".launcher..")
			.should()
			.onlyDependOnClassesThat()
			// JSpecify's annotations only: the JVM does not load an annotation's class
			// unless it is read by reflection
			.resideInAnyPackage("java..", "org.jspecify.annotations..", BASE + ".launcher..")
			.check(classes);
	}

	@Test
	void theFastLaunchNeedsTheJdkJacksonAndBootsJarModeOnly() {
		classes().that()
			.resideInAPackage(BASE + ".fastlaunch..")
			.should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage("java..", "org.jspecify.annotations..", "tools.jackson..",
					"org.springframework.boot.loader.jarmode..", BASE + ".fastlaunch..")
			.check(classes);
	}

	@Test
	void theModelLoopUsesTheHandlerModelOnly() {
		noClasses().that()
			.resideInAPackage(BASE + ".ai..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(BASE + ".jsonrpc..", BASE + ".agent..", BASE + ".transport..",
					BASE + ".autoconfigure..", BASE + ".actuate..", "org.springframework.boot..")
			.check(classes);
	}

	@Test
	void onlyItsConditionalAutoConfigurationKnowsTheModelLoop() {
		noClasses().that()
			.resideOutsideOfPackage(BASE + ".ai..")
			.and()
			.doNotHaveFullyQualifiedName(BASE + ".autoconfigure.AcpSpringAiAutoConfiguration")
			.should()
			.dependOnClassesThat()
			.resideInAPackage(BASE + ".ai..")
			.check(classes);
	}

	@Test
	void packagesHaveNoCycles() {
		slices().matching(BASE + ".(*)..").should().beFreeOfCycles().check(classes);
	}

	@Test
	void subpackagesHaveNoCyclesEither() {
		slices().matching(BASE + ".(**)").should().beFreeOfCycles().check(classes);
	}

	@Test
	void userFacingPackagesKnowNoSupportPackage() {
		noClasses().that()
			.resideInAnyPackage(USER_FACING)
			.should()
			.dependOnClassesThat()
			.resideInAPackage("..support..")
			.check(classes);
	}

	@Test
	void userFacingPackagesMeetTheJsonRpcLayerOnlyThroughItsErrors() {
		noClasses().that()
			.resideInAnyPackage(USER_FACING)
			.should()
			.dependOnClassesThat(resideInAPackage(BASE + ".jsonrpc..")
				.and(not(belongToAnyOf(JsonRpcError.class, JsonRpcException.class))))
			.check(classes);
	}

}
