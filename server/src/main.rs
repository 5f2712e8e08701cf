//! The `tengen-server` binary: parse flags and run; everything else lives in the library.

fn main() -> anyhow::Result<()> {
    let code = tengen_server::cli::main()?;
    std::process::exit(code)
}
