//! The real `tengen-server` command line, built inside this crate so the end-to-end tests can start it as a process.

fn main() -> anyhow::Result<()> {
    let code = tengen_server::cli::main()?;
    std::process::exit(code)
}
