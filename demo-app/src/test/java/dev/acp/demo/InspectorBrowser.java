package dev.acp.demo;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;

import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;

/**
 * The ACP inspector page in Debian's headless Chromium ({@code /usr/bin/chromium} with
 * {@code /usr/bin/chromedriver}, so that Selenium Manager never downloads anything),
 * driven through the page's {@code data-test} hooks. Every wait is for something the page
 * shows.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class InspectorBrowser implements AutoCloseable {

	private static final Path CHROMIUM = Paths.get("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Paths.get("/usr/bin/chromedriver");

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final ChromeDriver driver;

	private final WebDriverWait wait;

	private InspectorBrowser(ChromeDriver driver) {
		this.driver = driver;
		this.wait = new WebDriverWait(driver, WAIT);
	}

	/** Opens Chromium on the page at {@code url}, its profile in {@code profile}. */
	static InspectorBrowser open(String url, Path profile) {
		for (Path executable : List.of(CHROMIUM, CHROMEDRIVER)) {
			if (!Files.isExecutable(executable)) {
				throw new IllegalStateException(executable + " is missing: install Debian's chromium and "
						+ "chromium-driver packages (.ci/run does it before the build)");
			}
		}
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--window-size=1600,1000", "--user-data-dir=" + profile.toAbsolutePath());
		ChromeDriverService service = new ChromeDriverService.Builder()
			.usingDriverExecutable(new File(CHROMEDRIVER.toString()))
			.usingAnyFreePort()
			.build();
		InspectorBrowser browser = new InspectorBrowser(new ChromeDriver(service, options));
		browser.driver.get(url);
		// config.json read: the transports are offered
		browser.wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("[data-test=transport] option")));
		return browser;
	}

	/** Connects over {@code transport} ("http" or "websocket"), with the token if any. */
	void connect(String transport, String token) {
		new Select(hook("transport")).selectByValue(transport);
		if (token != null) {
			type(hook("token"), token);
		}
		hook("connect").click();
		this.wait.until((driver) -> {
			String status = hook("status").getText();
			return status.equals("connected") || status.startsWith("error");
		});
		String status = hook("status").getText();
		if (!status.equals("connected")) {
			throw new AssertionError("The page did not connect: " + status);
		}
	}

	List<String> extensions() {
		return hooks("extension").stream().map((extension) -> extension.getDomAttribute("data-uri")).toList();
	}

	/**
	 * Calls {@code method} through its form ({@code raw}: the raw call, the method typed
	 * in) with the params typed in the raw JSON box; answers the result or error shown.
	 */
	JsonNode call(String method, String typedMethod, String params) {
		WebElement form = this.driver
			.findElement(By.cssSelector("[data-test=method-form][data-method=\"" + method + "\"]"));
		if (typedMethod != null) {
			type(form.findElement(By.cssSelector("[data-test=raw-method]")), typedMethod);
		}
		type(form.findElement(By.cssSelector("[data-test=raw-params]")), params);
		form.findElement(By.cssSelector("[data-test=call]")).click();
		WebElement result = form.findElement(By.cssSelector("[data-test=call-result]"));
		this.wait.until((driver) -> List.of("result", "error").contains(result.getDomAttribute("data-outcome")));
		return DemoAgentProcess.mapper.readTree(result.getText());
	}

	String newSession() {
		hook("session-new").click();
		this.wait.until((driver) -> hook("session-id").getText().startsWith("sess_"));
		return hook("session-id").getText();
	}

	/** Sends a prompt and waits for the turn's stop reason; answers it. */
	String prompt(String text) {
		return prompt(text, null);
	}

	/**
	 * Sends a prompt, answers the permission dialog it opens with {@code optionId}
	 * (unless {@code null}) and waits for the turn's stop reason; answers it.
	 */
	String prompt(String text, String optionId) {
		int stopped = hooks("stop-reason").size();
		type(hook("prompt-input"), text);
		hook("prompt-send").click();
		if (optionId != null) {
			By option = By.cssSelector("[data-test=permission-option][data-option-id=\"" + optionId + "\"]");
			this.wait.until(ExpectedConditions.elementToBeClickable(option)).click();
		}
		this.wait.until((driver) -> hooks("stop-reason").size() > stopped);
		return hooks("stop-reason").get(stopped).getText();
	}

	/** Runs the extensibility check and waits for its last rule. */
	List<WebElement> checkExtensibility() {
		hook("check-run").click();
		this.wait.until(ExpectedConditions
			.presenceOfElementLocated(By.cssSelector("[data-test=check-result][data-rule^=\"nothing custom\"]")));
		return hooks("check-result");
	}

	/** The log's entries, once the validator answered for each. */
	List<WebElement> validatedLog() {
		this.wait.until(ExpectedConditions
			.numberOfElementsToBe(By.cssSelector("[data-test=log-entry][data-valid=pending]"), 0));
		return hooks("log-entry");
	}

	WebElement hook(String name) {
		return this.driver.findElement(By.cssSelector("[data-test=\"" + name + "\"]"));
	}

	List<WebElement> hooks(String name) {
		return this.driver.findElements(By.cssSelector("[data-test=\"" + name + "\"]"));
	}

	/**
	 * Saves a screenshot of the page to {@code file} when the system property
	 * {@code inspector.screenshots} is set (to make the documentation's images).
	 */
	void screenshotForDocs(Path file) throws IOException {
		if (System.getProperty("inspector.screenshots") != null) {
			Files.createDirectories(file.getParent());
			Files.write(file, this.driver.getScreenshotAs(OutputType.BYTES));
		}
	}

	private static void type(WebElement input, String text) {
		input.clear();
		input.sendKeys(text);
	}

	@Override
	public void close() {
		this.driver.quit();
	}

}
