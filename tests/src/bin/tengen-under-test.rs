//! The real `tengen` desk program, built inside this crate so the end-to-end tests can run it as a process
//! (the same body as `client/src/main.rs`: parse, run on a Tokio runtime, print the error, choose the exit code).

use std::process::ExitCode;

use clap::Parser;
use tengen_client::cli::{run, Cli, CliError};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Reported(code)) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
