package dev.acp.spring.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
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
					BASE + ".actuate..")
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
	void theLauncherNeedsNothingButTheJdksBaseModule() {
		classes().that()
			.resideInAPackage(BASE + ".launcher..")
			.should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage("java..", BASE + ".launcher..")
			.check(classes);
	}

	@Test
	void theFastLaunchNeedsTheJdkJacksonAndBootsJarModeOnly() {
		classes().that()
			.resideInAPackage(BASE + ".fastlaunch..")
			.should()
			.onlyDependOnClassesThat()
			.resideInAnyPackage("java..", "tools.jackson..", "org.springframework.boot.loader.jarmode..",
					BASE + ".fastlaunch..")
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
