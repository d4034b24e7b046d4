#!/usr/bin/env perl
# The folders of Sources/SquarestockServices form no cycle (issue 29): a file in folder A that
# names a type declared at top level in folder B is an edge A -> B; comments and string literals
# are dropped first; the root files (the standard catalog, the one list of services) are left
# out, being the sink. Prints the edges with --edges; exits 1 with the cycle when there is one.
use strict; use warnings;
my $root = 'Sources/SquarestockServices';
my $show = grep { $_ eq '--edges' } @ARGV;
opendir(my $d, $root) or die "$root: $!";
my @folders = sort grep { -d "$root/$_" && !/^\./ } readdir $d;
closedir $d;
my (%owner, %code);
for my $f (@folders) {
    for my $file (glob "$root/$f/*.swift") {
        open my $h, '<', $file or die; local $/; my $t = <$h>; close $h;
        $t =~ s{/\*.*?\*/}{}gs;                 # block comments
        $t =~ s{"""(?:.|\n)*?"""}{""}g;         # multi-line strings
        $t =~ s{//[^\n]*}{}g;                   # line comments
        $t =~ s{"(?:\\.|[^"\\\n])*"}{""}g;      # strings
        $code{$file} = [$f, $t];
        while ($t =~ /^(?:(?:package|public|internal|private|fileprivate|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)/mg) {
            $owner{$1} //= $f;
        }
    }
}
my %edge;
for my $file (sort keys %code) {
    my ($f, $t) = @{$code{$file}};
    while ($t =~ /\b([A-Z]\w*)\b/g) {
        my $o = $owner{$1};
        $edge{$f}{$o} //= "$file ($1)" if defined $o && $o ne $f;
    }
}
if ($show) { for my $a (sort keys %edge) { print "$a -> $_   $edge{$a}{$_}\n" for sort keys %{$edge{$a}} } }
my (%state, @path);
sub visit {
    my $n = shift;
    $state{$n} = 1; push @path, $n;
    for my $m (sort keys %{$edge{$n} // {}}) {
        if (($state{$m} // 0) == 1) {
            my @cycle = (@path[(grep { $path[$_] eq $m } 0..$#path)[0]..$#path], $m);
            print STDERR "services-folders: a cycle: ", join(' -> ', @cycle), "\n";
            print STDERR "  $cycle[$_] -> $cycle[$_+1]: $edge{$cycle[$_]}{$cycle[$_+1]}\n" for 0..$#cycle-1;
            exit 1;
        }
        visit($m) unless $state{$m};
    }
    pop @path; $state{$n} = 2;
}
visit($_) for grep { !$state{$_} } @folders;
print "services-folders: ", scalar(@folders), " folders, no cycle\n";
