import { Argument, Command } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export const completion = () =>
  new Command('completion')
    .description('Print a shell completion script')
    .addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish'] as const))
    .addHelpText(
      'after',
      examples(
        'rentsurvey completion bash > ~/.local/share/bash-completion/completions/rentsurvey',
        'rentsurvey completion zsh > "${fpath[1]}/_rentsurvey"',
        'rentsurvey completion fish > ~/.config/fish/completions/rentsurvey.fish',
      ),
    );

export function completionCommand(runtime: Runtime) {
  return lazy(runtime, completion(), () => import('./completion.js'));
}
