package dev.acp.spring.inspector.bridge;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The inspector page in Debian's headless Chromium ({@code /usr/bin/chromium} with
 * {@code /usr/bin/chromedriver}, so that Selenium Manager never downloads anything) in
 * front of the bridge and a real agent on the official TypeScript SDK, driven through the
 * page's {@code data-test} hooks. Every wait is for something the page shows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InspectorBridgeBrowserIT {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private Path workspace;

	private TestBridge bridge;

	private ChromeDriver driver;

	private WebDriverWait wait;

	@BeforeAll
	void openThePageAndConnectWithAWorkspace(@TempDir Path profile, @TempDir Path workspace) throws IOException {
		this.workspace = workspace;
		Files.writeString(this.workspace.resolve("notes.txt"), "hello notes");
		this.bridge = TestBridge.start();
		ChromeOptions options = new ChromeOptions();
		options.setBinary(new File("/usr/bin/chromium"));
		options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--window-size=1600,1000", "--user-data-dir=" + profile.toAbsolutePath());
		ChromeDriverService service = new ChromeDriverService.Builder()
			.usingDriverExecutable(new File("/usr/bin/chromedriver"))
			.usingAnyFreePort()
			.build();
		this.driver = new ChromeDriver(service, options);
		this.wait = new WebDriverWait(this.driver, WAIT);
		this.driver.get("http://127.0.0.1:" + this.bridge.port + "/inspector/#token=" + this.bridge.token);
		this.wait.until((driver) -> hook("mode").getText().startsWith("bridge"));
		type(hook("workspace"), this.workspace.toString());
		hook("workspace-set").click();
		this.wait.until((driver) -> hook("client-capabilities").getDomProperty("value").contains("true"));
		hook("connect").click();
		this.wait.until((driver) -> hook("status").getText().equals("connected"));
		type(hook("session-cwd"), this.workspace.toString());
		hook("session-new").click();
		this.wait.until((driver) -> hook("session-id").getText().startsWith("sess_"));
	}

	@AfterAll
	void closeThePage() {
		if (this.driver != null) {
			this.driver.quit();
		}
		if (this.bridge != null) {
			this.bridge.close();
		}
	}

	@Test
	void showsATurnWithItsPermissionDialogItsToolCallDiffAndTheFileTheBridgeServed() throws IOException {
		int stopped = hooks("stop-reason").size();
		type(hook("prompt-input"), "go");
		hook("prompt-send").click();
		WebElement allow = this.wait.until(ExpectedConditions.elementToBeClickable(
				By.cssSelector("[data-test=permission-dialog] [data-test=permission-option][data-option-id=allow]")));
		allow.click();
		assertThat(stopReason(stopped)).isEqualTo("end_turn");
		assertThat(hooks("thought-chunk")).isNotEmpty();
		assertThat(hooks("plan")).isNotEmpty();
		WebElement toolCall = this.driver
			.findElement(By.cssSelector("[data-test=tool-call][data-tool-call-id=call_1]"));
		assertThat(toolCall.getDomAttribute("data-status")).isEqualTo("completed");
		assertThat(toolCall.findElement(By.cssSelector("[data-test=diff]")).getText()).contains("new line");
		assertThat(hooks("message-chunk").get(hooks("message-chunk").size() - 1).getText())
			.contains("permission allow; notes.txt: hello notes");
		screenshotForDocs(Path.of("..", "docs", "images", "inspector-stdio.png"));
	}

	@Test
	void cancelsAWaitingTurn() {
		int stopped = hooks("stop-reason").size();
		type(hook("prompt-input"), "wait");
		hook("prompt-send").click();
		this.wait.until((driver) -> hooks("message-chunk").stream()
			.anyMatch((chunk) -> chunk.getText().contains("waiting for session/cancel")));
		hook("prompt-cancel").click();
		assertThat(stopReason(stopped)).isEqualTo("cancelled");
	}

	@Test
	void marksAnUpdateThatViolatesTheSchemaInvalidInTheLog() {
		int stopped = hooks("stop-reason").size();
		type(hook("prompt-input"), "invalid");
		hook("prompt-send").click();
		assertThat(stopReason(stopped)).isEqualTo("end_turn");
		WebElement invalid = this.wait.until(ExpectedConditions.presenceOfElementLocated(
				By.cssSelector("[data-test=log-entry][data-valid=false][data-method=\"session/update\"]")));
		assertThat(invalid.findElements(By.cssSelector("[data-test=log-violation]"))).map(WebElement::getText)
			.anyMatch((violation) -> violation.startsWith("$.params.update"));
	}

	private String stopReason(int before) {
		this.wait.until((driver) -> hooks("stop-reason").size() > before);
		return hooks("stop-reason").get(before).getText();
	}

	private WebElement hook(String name) {
		return this.driver.findElement(By.cssSelector("[data-test=\"" + name + "\"]"));
	}

	private List<WebElement> hooks(String name) {
		return this.driver.findElements(By.cssSelector("[data-test=\"" + name + "\"]"));
	}

	private static void type(WebElement input, String text) {
		input.clear();
		input.sendKeys(text);
	}

	/**
	 * Saves a screenshot of the page when the system property
	 * {@code inspector.screenshots} is set (the documentation's image).
	 */
	private void screenshotForDocs(Path file) throws IOException {
		if (System.getProperty("inspector.screenshots") != null) {
			Files.createDirectories(file.getParent());
			Files.write(file, this.driver.getScreenshotAs(OutputType.BYTES));
		}
	}

}
