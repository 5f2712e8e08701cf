//! A headless Chromium the size of a phone, driven over WebDriver: `chromedriver` runs as a child process in a
//! process group of its own (so the browser it starts goes with it), and `fantoccini` talks to it over plain HTTP
//! on localhost. Tests use it the way a person uses the board: open a page, type into the search box, read what
//! is shown, and keep a screenshot.
//!
//! Chromium and chromedriver come from the system (Debian: `apt-get install chromium chromium-driver`);
//! `TENGEN_CHROMEDRIVER` and `TENGEN_CHROMIUM` override where they are looked for. Without them a browser test
//! fails saying what to install, unless `TENGEN_SKIP_BROWSER=1` asks to skip browser tests (loudly; under
//! `CI=true` that fails too).

use anyhow::{anyhow, bail, Context as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::web::WebClient;

/// The phone the board is checked on: CSS pixels.
pub const PHONE_WIDTH: u32 = 360;
/// The phone's height in CSS pixels.
pub const PHONE_HEIGHT: u32 = 740;

/// A desk tablet in portrait (the referee's 10-inch tablet): CSS pixels.
pub const TABLET: Viewport = Viewport {
    width: 800,
    height: 1280,
    mobile: true,
};
/// A desk laptop (registration, results, the director): CSS pixels.
pub const LAPTOP: Viewport = Viewport {
    width: 1280,
    height: 800,
    mobile: false,
};
/// The phone the board is checked on.
pub const PHONE: Viewport = Viewport {
    width: PHONE_WIDTH,
    height: PHONE_HEIGHT,
    mobile: true,
};

/// The size of the browser window (CSS pixels) and whether it emulates a touch device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewport {
    /// Width in CSS pixels.
    pub width: u32,
    /// Height in CSS pixels.
    pub height: u32,
    /// A touch device (mobile emulation) rather than a desktop window.
    pub mobile: bool,
}

/// How long chromedriver may take to answer `/status`.
const DRIVER_START: Duration = Duration::from_secs(20);

/// A phone-sized headless Chromium session and the chromedriver behind it.
pub struct Browser {
    /// The WebDriver session.
    pub client: fantoccini::Client,
    driver: Option<Child>,
    screenshots: PathBuf,
}

/// The executable `name` on `PATH` (or `env`'s value if set).
fn find_program(env: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(env) {
        let path = PathBuf::from(path);
        return path.is_file().then_some(path);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// Is the browser test to be skipped (`TENGEN_SKIP_BROWSER=1`)? Says so loudly when it is; under `CI=true`, where
/// Chromium is installed, it fails instead (`tengen_prerequisite::skip_or_fail`).
fn skip_requested() -> bool {
    let skip = std::env::var("TENGEN_SKIP_BROWSER").is_ok_and(|v| v == "1");
    if skip {
        tengen_prerequisite::skip_or_fail(
            "a browser: TENGEN_SKIP_BROWSER=1 asks to check no web page in one",
            "unset TENGEN_SKIP_BROWSER and install Chromium and its WebDriver \
             (Debian: `apt-get install chromium chromium-driver`)",
        );
    }
    skip
}

impl Browser {
    /// Starts chromedriver and a headless Chromium emulating a 360×740 phone, saving screenshots under
    /// `screenshots`. `Ok(None)` when `TENGEN_SKIP_BROWSER=1`; an error naming the packages when Chromium or
    /// chromedriver is missing.
    pub async fn phone(test: &str, screenshots: &Path) -> anyhow::Result<Option<Browser>> {
        Browser::sized(test, screenshots, PHONE).await
    }

    /// Starts chromedriver and a headless Chromium of size `viewport` (a desk laptop, a tablet, a phone); like
    /// [`Browser::phone`] otherwise. Each browser has its own profile, so its own cookies (one desk session).
    pub async fn sized(
        test: &str,
        screenshots: &Path,
        viewport: Viewport,
    ) -> anyhow::Result<Option<Browser>> {
        Browser::speaking(test, screenshots, viewport, "en-GB").await
    }

    /// A browser like [`Browser::sized`] whose user reads `language` (its `Accept-Language`, e.g. `ja,en;q=0.5`;
    /// the first tag is also the interface language).
    pub async fn speaking(
        test: &str,
        screenshots: &Path,
        viewport: Viewport,
        language: &str,
    ) -> anyhow::Result<Option<Browser>> {
        if skip_requested() {
            return Ok(None);
        }
        let install = "install Chromium and its WebDriver (Debian: `apt-get install chromium chromium-driver`), \
                       or set TENGEN_SKIP_BROWSER=1 to skip the browser tests";
        let driver = find_program("TENGEN_CHROMEDRIVER", &["chromedriver"]).ok_or_else(|| {
            anyhow!("{test}: chromedriver not found (TENGEN_CHROMEDRIVER or PATH): {install}")
        })?;
        find_program(
            "TENGEN_CHROMIUM",
            &["chromium", "chromium-browser", "google-chrome"],
        )
        .ok_or_else(|| {
            anyhow!("{test}: chromium not found (TENGEN_CHROMIUM or PATH): {install}")
        })?;
        // chromedriver finds the browser itself unless told otherwise.
        let chromium = std::env::var_os("TENGEN_CHROMIUM").map(PathBuf::from);
        std::fs::create_dir_all(screenshots)
            .with_context(|| format!("creating {}", screenshots.display()))?;

        let mut last_error = anyhow!("chromedriver did not start");
        // The free port may be taken between probing and binding: try a few.
        for _ in 0..4 {
            let port = crate::free_port()?;
            let child = match Self::start_driver(&driver, port).await {
                Ok(child) => child,
                Err(e) => {
                    last_error = e;
                    continue;
                }
            };
            let mut guard = DriverGuard(Some(child));
            match Self::session(chromium.as_deref(), port, viewport, language).await {
                Ok(client) => {
                    return Ok(Some(Browser {
                        client,
                        driver: guard.0.take(),
                        screenshots: screenshots.to_path_buf(),
                    }))
                }
                Err(e) => last_error = e,
            }
        }
        Err(last_error.context(format!(
            "{test}: could not start headless Chromium through chromedriver"
        )))
    }

    /// Spawns chromedriver on `port` in a process group of its own and waits for `/status`.
    async fn start_driver(driver: &Path, port: u16) -> anyhow::Result<Child> {
        use std::os::unix::process::CommandExt;
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .process_group(0)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("starting {}", driver.display()))?;
        let mut guard = DriverGuard(Some(child));
        let status = WebClient::plain(([127, 0, 0, 1], port).into());
        let deadline = Instant::now() + DRIVER_START;
        loop {
            if let Some(exit) = guard.0.as_mut().and_then(|c| c.try_wait().ok().flatten()) {
                bail!("chromedriver exited at start ({exit})");
            }
            if let Ok(reply) = status.get("/status").await {
                if reply.status == 200 && reply.body.contains("\"ready\":true") {
                    break;
                }
            }
            if Instant::now() > deadline {
                bail!("chromedriver did not answer on port {port} within {DRIVER_START:?}");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Ok(guard
            .0
            .take()
            .expect("the guard holds the child until here"))
    }

    /// A new session: headless, no sandbox (containers), the viewport's size (a phone or tablet with touch),
    /// self-signed certificates of the venue CA accepted (the TLS port).
    async fn session(
        chromium: Option<&Path>,
        port: u16,
        viewport: Viewport,
        language: &str,
    ) -> anyhow::Result<fantoccini::Client> {
        let first = language.split([',', ';']).next().unwrap_or("en-GB");
        let Viewport {
            width,
            height,
            mobile,
        } = viewport;
        let mut caps = serde_json::json!({
            "browserName": "chrome",
            "acceptInsecureCerts": true,
            "goog:chromeOptions": {
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--disable-extensions",
                    "--no-first-run",
                    format!("--lang={first}"),
                    format!("--window-size={width},{height}"),
                ],
                "prefs": { "intl.accept_languages": language },
            }
        });
        if mobile {
            caps["goog:chromeOptions"]["mobileEmulation"] = serde_json::json!({
                "deviceMetrics": {
                    "width": width,
                    "height": height,
                    "pixelRatio": 2.0,
                    "mobile": true,
                    "touch": true
                }
            });
        }
        if let Some(binary) = chromium {
            caps["goog:chromeOptions"]["binary"] = binary.to_string_lossy().into();
        }
        let serde_json::Value::Object(caps) = caps else {
            unreachable!("a JSON object literal")
        };
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = fantoccini::ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .context("opening a WebDriver session")?;
        // Fail a stuck page in seconds, not WebDriver's default five minutes.
        let timeouts = fantoccini::wd::TimeoutConfiguration::new(
            Some(Duration::from_secs(10)),
            Some(Duration::from_secs(15)),
            Some(Duration::ZERO),
        );
        client.update_timeouts(timeouts).await?;
        Ok(client)
    }

    /// Saves a PNG of the viewport as `NAME.png` in the screenshot directory and returns its path.
    pub async fn screenshot(&self, name: &str) -> anyhow::Result<PathBuf> {
        let png = self.client.screenshot().await?;
        let path = self.screenshots.join(format!("{name}.png"));
        std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
        Ok(path)
    }

    /// Runs `script` in the page and returns its value.
    pub async fn eval(&self, script: &str) -> anyhow::Result<serde_json::Value> {
        Ok(self.client.execute(script, vec![]).await?)
    }

    /// Signs this browser in at a desk: opens `/desk/login?token=…&next=…` on `base` (as a tablet scanning the
    /// token's QR code does), types the volunteer's name and submits; fails unless the browser ends up on `next`.
    pub async fn sign_in(
        &self,
        base: &str,
        token: &str,
        operator: &str,
        next: &str,
    ) -> anyhow::Result<()> {
        let query = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs([("token", token), ("next", next)])
            .finish();
        self.client
            .goto(&format!("{base}/desk/login?{query}"))
            .await?;
        let name = self
            .client
            .find(fantoccini::Locator::Css("form#login input[name=operator]"))
            .await
            .context("the login page has form#login with an operator field")?;
        name.send_keys(operator).await?;
        self.client
            .find(fantoccini::Locator::Css("form#login [type=submit]"))
            .await?
            .click()
            .await?;
        let at = self
            .wait_for(
                &format!(
                    "return location.pathname === {} && document.readyState === 'complete';",
                    serde_json::Value::from(next)
                ),
                Duration::from_secs(5),
            )
            .await;
        if at.is_err() {
            let url = self.client.current_url().await?;
            bail!("signing in with a token for {next}: the browser is at {url}, not {next}");
        }
        Ok(())
    }

    /// Runs `script` every 50 ms until it returns something truthy (not `null`, `false`, `0` or `""`) and returns
    /// that; fails after `within`.
    pub async fn wait_for(
        &self,
        script: &str,
        within: Duration,
    ) -> anyhow::Result<serde_json::Value> {
        let deadline = Instant::now() + within;
        loop {
            // A page being replaced (navigation) may fail the script: try again.
            if let Ok(v) = self.eval(script).await {
                let truthy = match &v {
                    serde_json::Value::Null => false,
                    serde_json::Value::Bool(b) => *b,
                    serde_json::Value::Number(n) => n.as_f64() != Some(0.0),
                    serde_json::Value::String(s) => !s.is_empty(),
                    _ => true,
                };
                if truthy {
                    return Ok(v);
                }
            }
            if Instant::now() > deadline {
                bail!("waited {within:?} for `{script}`");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Ends the session (the browser quits) and stops chromedriver.
    pub async fn close(mut self) -> anyhow::Result<()> {
        let closed = self.client.clone().close().await;
        self.stop_driver();
        closed.context("closing the WebDriver session")
    }

    /// Kills chromedriver's process group (chromedriver, and Chromium with it).
    fn stop_driver(&mut self) {
        drop(DriverGuard(self.driver.take()));
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.stop_driver();
    }
}

/// Kills a chromedriver child and its process group when dropped.
struct DriverGuard(Option<Child>);

impl Drop for DriverGuard {
    fn drop(&mut self) {
        if let Some(mut child) = self.0.take() {
            // The group id is chromedriver's pid (`process_group(0)`); Chromium's processes are in it too.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .stderr(Stdio::null())
                .status();
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
