// The fixed PowerShell program that windows-dpapi.ts runs through WSL interop. It holds no secret
// and no key: both arrive as JSON on stdin, and the answer leaves as compact JSON on stdout.
//
// Why it is written the way it is:
// - Standard input and output are used as raw byte streams, decoded and encoded as UTF-8 here.
//   The console encoding setters are not touched: they throw when there is no console.
// - It contains no double quote. WSL turns argv into a Windows command line, and a quote inside
//   an argument would need escaping there; single-quoted strings avoid the question.
// - $null is passed to File.Replace as [NullString]::Value: PowerShell turns a plain $null into
//   an empty string for a .NET string parameter, and an empty backup name is an invalid path.
// - Every failure prints one fixed line. An exception message can name paths or echo input.

/** The PowerShell program passed as `-Command`; it reads `{"action","key","value"}` on stdin. */
export const DPAPI_SCRIPT = `$ErrorActionPreference = 'Stop'
$ProgressPreference = 'SilentlyContinue'
try {
  Add-Type -AssemblyName System.Security
  $utf8 = New-Object System.Text.UTF8Encoding -ArgumentList $false, $true
  $received = New-Object System.IO.MemoryStream
  [Console]::OpenStandardInput().CopyTo($received)
  $text = $utf8.GetString($received.ToArray())
  if ($text.Length -gt 0 -and $text[0] -eq [char]0xFEFF) { $text = $text.Substring(1) }
  $request = ConvertFrom-Json -InputObject $text
  $key = [string]$request.key
  if ($key -cnotmatch '^[0-9a-f]{64}$') { throw 'Invalid key' }
  if ([string]::IsNullOrEmpty($env:LOCALAPPDATA)) { throw 'No local application data folder' }
  $root = [System.IO.Path]::Combine($env:LOCALAPPDATA, 'cellguard', 'secrets')
  $target = [System.IO.Path]::Combine($root, $key + '.dpapi')
  $entropy = $utf8.GetBytes('cellguard/' + $key)
  $scope = [System.Security.Cryptography.DataProtectionScope]::CurrentUser
  $value = $null
  switch -CaseSensitive ([string]$request.action) {
    'put' {
      $plain = $utf8.GetBytes([string]$request.value)
      $sealed = [System.Security.Cryptography.ProtectedData]::Protect($plain, $entropy, $scope)
      [void][System.IO.Directory]::CreateDirectory($root)
      $temporary = [System.IO.Path]::Combine($root, [guid]::NewGuid().ToString() + '.tmp')
      try {
        [System.IO.File]::WriteAllBytes($temporary, $sealed)
        if ([System.IO.File]::Exists($target)) {
          [System.IO.File]::Replace($temporary, $target, [NullString]::Value)
        } else {
          [System.IO.File]::Move($temporary, $target)
        }
      } finally {
        if ([System.IO.File]::Exists($temporary)) { [System.IO.File]::Delete($temporary) }
      }
    }
    'get' {
      if ([System.IO.File]::Exists($target)) {
        $sealed = [System.IO.File]::ReadAllBytes($target)
        $plain = [System.Security.Cryptography.ProtectedData]::Unprotect($sealed, $entropy, $scope)
        $value = $utf8.GetString($plain)
      }
    }
    'delete' {
      if ([System.IO.Directory]::Exists($root)) { [System.IO.File]::Delete($target) }
    }
    default { throw 'Invalid operation' }
  }
  $answer = $utf8.GetBytes((ConvertTo-Json -InputObject @{ value = $value } -Compress))
  $stdout = [Console]::OpenStandardOutput()
  $stdout.Write($answer, 0, $answer.Length)
  $stdout.Flush()
  exit 0
} catch {
  [Console]::Error.WriteLine('Windows secure storage operation failed.')
  exit 1
}
`;
