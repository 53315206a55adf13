# passk's end sentinel for Ruby programs (kit/script-language.ts): appended after the tests,
# so it runs only if they all did. Where the prologue took the tests' checks, it first checks that
# none was rebound (else it prints {{REBOUND}}'s mark and exits 1); then it writes the end event.
# Placeholders: {{REBOUND}}, {{RESULT_FD}}.
# A rebinding: a method of test-unit, or an assertion of a test case class, defined in the
# program's file.

if defined?(Test::Unit::AutoRunner) && Test::Unit::AutoRunner.need_auto_run?
  passk_names = Test::Unit::Assertions.instance_methods + Test::Unit::Assertions.private_instance_methods
  passk_here = lambda { |method| (method.source_location || [])[0] == __FILE__ }
  passk_rebound = ObjectSpace.each_object(Module).any? do |m|
    ours = m.name.to_s.start_with?('Test::Unit')
    names = m.is_a?(Class) && m <= Test::Unit::TestCase ? passk_names & (m.instance_methods + m.private_instance_methods) : []
    names |= m.instance_methods(false) + m.private_instance_methods(false) if ours
    names.any? { |n| passk_here.(m.instance_method(n)) } || (ours && m.singleton_methods(false).any? { |n| passk_here.(m.method(n)) })
  end
  (STDERR.write("{{REBOUND}}"); exit!(1)) if passk_rebound
  Test::Unit::AutoRunner.need_auto_run = false
  raise Test::Unit::AssertionFailedError, 'a test-unit test failed or raised' unless Test::Unit::AutoRunner.run
end
IO.new({{RESULT_FD}}).write(format(%q({"n": "%s", "e": "end"}) + "\n", passk_nonce)) unless passk_nonce.empty?
