#!/usr/bin/env perl
# The tokenizer behind .ci/service-names.sh (which derives the word lists from the service
# folders). Usage: service-names.pl TYPES NAMES WORDS IDWORDS FILE...
# Each Swift file is split into code, comments and string literals (with `\( )` interpolation
# read as code again); comments are dropped. A line is reported when its code names a type of a
# service folder (TYPES) or an identifier containing a service name (IDWORDS), or one of its
# strings is exactly a service name or alias (NAMES) or holds one as a word (WORDS). A line
# carrying `// service-names: <reason>` is allowed and counted apart.
use strict; use warnings;
my ($tf,$nf,$wf,$idf,@files)=@ARGV;
sub slurp{open my $h,'<',shift or die; local $/; my $t=<$h>; [grep {length} split /\n/,$t]}
my @types=@{slurp($tf)}; my %names=map{lc($_)=>1}@{slurp($nf)}; my @words=@{slurp($wf)}; my @idw=@{slurp($idf)};
my $typeRe=@types? qr/\b(?:@{[join '|',map quotemeta,@types]})\b/ : qr/(?!)/;
my @wq=map {my $w=quotemeta $_; $w=~s!\\ !\\s+!g; $w} @words; my $wj=join "|",@wq;
my $wordRe=qr{(?<![A-Za-z0-9-])(?:$wj)(?![A-Za-z0-9-])}i;
my $idRe=qr/@{[join '|',map quotemeta,@idw]}/i;
my $bad=0; my $allowed=0;
for my $file (@files){
  open my $h,'<',$file or die; local $/; my $src=<$h>; close $h;
  my @code=(''); my @strs=([]); my @raw=split /\n/,$src,-1;
  my $line=0; my @stack=('C'); my $depth=0; my $blk=0; my $cur='';
  my @pdepth=();
  my $i=0; my $n=length $src;
  while($i<$n){
    my $c=substr($src,$i,1); my $st=$stack[-1];
    if($c eq "\n"){ if($st eq 'L'){pop @stack} if($st eq 'M'){ push @{$strs[$line]},"\x{2}".$cur; $cur='' } $line++; $code[$line]//=''; $strs[$line]//=[]; $i++; next }
    if($st eq 'L'){ $i++; next }
    if($st eq 'B'){ if(substr($src,$i,2) eq '*/'){pop @stack;$i+=2;next} if(substr($src,$i,2) eq '/*'){push @stack,'B';$i+=2;next} $i++; next }
    if($st eq 'S' || $st eq 'M'){
      if($c eq '\\'){ if(substr($src,$i+1,1) eq '('){ push @stack,'I'; push @pdepth,1; $cur.="\x{1}"; $i+=2; next } if(substr($src,$i+1,1) eq "\n"){ $i++; next } $cur.=substr($src,$i,2); $i+=2; next }
      if($st eq 'S' && $c eq '"'){ pop @stack; push @{$strs[$line]},$cur; $cur=''; $code[$line].='""'; $i++; next }
      if($st eq 'M' && substr($src,$i,3) eq '"""'){ pop @stack; push @{$strs[$line]},$cur; $cur=''; $code[$line].='""'; $i+=3; next }
      $cur.=$c; $i++; next }
    # code or interpolation
    if(substr($src,$i,2) eq '//'){ push @stack,'L'; $i+=2; next }
    if(substr($src,$i,2) eq '/*'){ push @stack,'B'; $i+=2; next }
    if(substr($src,$i,3) eq '"""'){ push @stack,'M'; $cur=''; $i+=3; next }
    if($c eq '"'){ if($st eq 'I'){ # nested string inside interpolation: save outer
         push @stack,'S'; push @{$strs[$line]},$cur; $cur=''; $i++; next } push @stack,'S'; $cur=''; $i++; next }
    if($st eq 'I'){ if($c eq '('){$pdepth[-1]++} if($c eq ')'){ $pdepth[-1]--; if($pdepth[-1]==0){ pop @pdepth; pop @stack; $i++; next } } }
    $code[$line].=$c; $i++;
  }
  for my $l (0..$#code){
    my $rawl=$raw[$l]//''; my @hits;
    my $cl=$code[$l]//'';
    while($cl=~/($typeRe)/g){ push @hits,"type $1" }
    while($cl=~/\b([A-Za-z_]\w*)\b/g){ my $id=$1; next if $id=~/^$typeRe$/; push @hits,"identifier $id" if $id=~$idRe }
    for my $s (@{$strs[$l]//[]}){
      my $part = ($s =~ s/^\x{2}//); $s=~s/^\s+//;
      if(!$part && $names{lc $s}){ push @hits,"literal \"$s\""; next }
      while($s=~/($wordRe)/g){ push @hits,"word '$1' in a string" }
    }
    next unless @hits;
    if($rawl=~m{//.*service-names:}){ $allowed++; next }
    $bad++; printf "%s:%d: %s\n",$file,$l+1,join('; ',@hits);
  }
}
print STDERR "service-name check: $bad line(s), $allowed allowed by a marker\n";
exit($bad?1:0);
