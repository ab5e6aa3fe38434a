# Programs the Icicle Kit through its embedded FlashPro6 with FlashPro Express
# (FlashPro Express user guide, "Command line"):
#   FPExpress SCRIPT:program.tcl SCRIPT_ARGS:FILE.job
# boards/flow.sh flash runs it after checking FILE's sidecar names icicle-kit.
if {[llength $argv] != 1} { puts stderr "usage: program.tcl FILE.job"; exit 2 }
set job [lindex $argv 0]
set dir [file join [file dirname $job] fpexpress]
create_job_project -job_project_location $dir -job_file $job -overwrite 1
set_programming_action -action PROGRAM
run_selected_actions
save_project
close_project
