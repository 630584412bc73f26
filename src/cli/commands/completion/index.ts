import { Command, Argument } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export function completionCommand(runtime: Runtime) {
  return new Command('completion')
    .description('Print a shell completion script')
    .addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      examples(
        'rentsurvey completion bash > ~/.local/share/bash-completion/completions/rentsurvey',
        'rentsurvey completion zsh > "${fpath[1]}/_rentsurvey"',
        'rentsurvey completion fish > ~/.config/fish/completions/rentsurvey.fish',
      ),
    )
    .action(lazy(runtime, () => import('./completion.js')));
}
