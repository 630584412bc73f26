import { Argument, Command } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export const completion = () =>
  new Command('completion')
    .description('Print a shell completion script (subcommands, flags, values and community names on TAB)')
    .addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish'] as const))
    .addHelpText(
      'after',
      examples(
        'rentsurvey completion bash > "${XDG_DATA_HOME:-$HOME/.local/share}/bash-completion/completions/rentsurvey"',
        'source <(rentsurvey completion bash)   # in ~/.bashrc, without the bash-completion package',
        'rentsurvey completion zsh > ~/.zfunc/_rentsurvey   # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
        'rentsurvey completion fish > ~/.config/fish/completions/rentsurvey.fish',
      ) +
        '\nCommunity names complete from the local store with --local (or RENTSURVEY_LOCAL=1), else from what the\n' +
        'profile last listed (portfolio, communities list, comps list): TAB never calls the service. See README.\n',
    );

export function completionCommand(runtime: Runtime) {
  return lazy(runtime, completion(), () => import('./completion.js'));
}
