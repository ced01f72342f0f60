from gpudoctor.cli import run

run()
