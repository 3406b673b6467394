// Trees deleted as a side effect (archivers removing what they archive, syncs, trash tools),
// system files removed by a glob without -r, the working directory by name after a cd, and
// disks or firmware destroyed by tools the device rules did not list. Variants written for this
// file; each test pairs the attacks with near misses that must stay allowed.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("trees removed by the tools that copy or archive them", () => {
  test("tar --remove-files, zip -m, 7z -sdel, rar m and rsync --remove-source-files", () => {
    for (const c of [
      "tar --remove-files -czf /tmp/all.tgz /",
      "tar -cf /dev/null --remove-files /etc",
      "tar -C / -czf /tmp/x.tgz usr --remove-files",
      "tar cjf home.tbz ~ --remove-files",
      "zip -r -m /tmp/h.zip ~",
      "zip -mr /tmp/root.zip /",
      "zip --move --recurse-paths s.zip /srv",
      "7z a -sdel /tmp/x.7z /etc",
      "7za a -sdel h.7z ~",
      "rar m -r h.rar ~",
      "rar a -df -r all.rar /",
      "rsync -a --remove-source-files / backup:/mirror/",
      "rsync -av --remove-source-files ~/ nas:/home-copy/",
    ])
      blocked(c);
    for (const c of [
      "tar --remove-files -czf logs.tgz ./logs",
      "tar -czf /tmp/etc.tgz /etc",
      "tar -C / -xzf backup.tgz",
      "zip -r site.zip /var/www",
      "zip -m old.zip ./old.log",
      "7z a backup.7z /etc",
      "7z a -sdel archive.7z ./build",
      "rar a docs.rar ~/docs",
      "rsync -a --remove-source-files ./outbox/ server:/inbox/",
      "rsync -a / /mnt/backup/",
    ])
      allowed(c);
  });

  test("rclone purge, delete and sync onto a local system tree; trash tools", () => {
    for (const c of [
      "rclone purge /",
      "rclone delete ~",
      "rclone sync remote:empty /etc",
      "rclone sync /tmp/empty ~ --progress",
      "trash-put /usr",
      "trash ~",
      "gio trash /etc",
      "rmtrash /",
    ])
      blocked(c);
    for (const c of [
      "rclone sync ~/photos remote:photos",
      "rclone purge remote:old-bucket",
      "rclone delete /tmp/cache",
      "trash-put ./build",
      "gio trash old.txt",
      "trash ~/Downloads/file.iso",
    ])
      allowed(c);
  });

  test("every file of a system directory by a glob, even without -r", () => {
    for (const c of [
      "rm -f /usr/bin/*",
      "rm /bin/*",
      "rm -f /sbin/* /usr/sbin/*",
      "rm -f /etc/*",
      "rm -f /etc/pam.d/*",
      "rm -f /lib64/*",
      "shred -u /boot/*",
      "unlink /usr/lib/*",
      "ln -sf /bin/false /bin/sh",
      "cp /usr/bin/true /usr/bin/sudo",
      "ln -sf /usr/sbin/nologin /bin/bash",
    ])
      blocked(c);
    for (const c of [
      "rm -f /etc/*.bak",
      "rm -f /usr/local/bin/mytool*",
      "rm -f /var/log/*",
      "rm -f /tmp/*",
      "rm -f ~/bin/*",
      "rm -f /etc/nginx/sites-enabled/*",
      "ln -sf /bin/dash /bin/sh",
      "cp /bin/false ./false-copy",
    ])
      allowed(c);
  });

  test("deeper trees whose loss leaves the system unbootable or unrepairable", () => {
    for (const c of [
      "rm -rf /usr/lib/systemd",
      "rm -rf /var/lib/dpkg",
      "rm -rf /var/lib/rpm/",
      "rm -rf /var/lib/pacman/*",
      "rm -rf /boot/efi/EFI",
      "rm -rf /sys/firmware/efi/efivars/*",
      "rm -rf /usr/lib/modules",
    ])
      blocked(c);
    for (const c of [
      "rm -rf /var/lib/apt/lists/*",
      "rm -rf /var/lib/dpkg/info/mypkg.list",
      "rm -rf /usr/lib/systemd/system/myapp.service",
      "rm -rf /var/cache/apt",
      "rm -rf /usr/lib/node_modules/old-tool",
    ])
      allowed(c);
  });
});

describe("the working directory and the home directory reached by name", () => {
  test("$PWD after a cd, find with no start path, dirname of home, mv -t", () => {
    for (const c of [
      'cd / && rm -rf "$PWD"',
      "cd ~ && rm -rf ${PWD}/*",
      'cd /etc; rm -rf "$PWD"/',
      "cd / && find -delete",
      "cd ~; find -mindepth 1 -delete",
      'rm -rf "$(dirname ~)"',
      "rm -rf $(dirname $HOME)",
      "mv -t /tmp /etc /usr",
      "mv -ft /var/tmp ~",
    ])
      blocked(c);
    for (const c of [
      'rm -rf "$PWD"/build',
      'cd /tmp/work && rm -rf "$PWD"',
      "find -name '*.o' -delete",
      "cd build && find -delete",
      'rm -rf "$(dirname ~/project/file)"',
      "mv -t /tmp ./a ./b",
    ])
      allowed(c);
  });
});

describe("every file of a tree, reached by fd or emptied by find", () => {
  test("fd with a match-all pattern over a system tree or home, and find -exec overwriting", () => {
    for (const c of [
      "fd . / -x rm -rf",
      "fd -H '' ~ -X rm -f",
      "fdfind ^ /etc --exec-batch shred -u",
      "fd . --search-path /usr -x chmod 000",
      "find / -type f -exec cp /dev/null {} \\;",
      "find ~ -type f -exec dd if=/dev/zero of={} bs=4k count=1 \\;",
    ])
      blocked(c);
    for (const c of [
      "fd . ./build -x rm -rf",
      "fd -e pyc . / -x rm",
      "fd '\\.log$' / -x rm",
      "fd . / -x wc -l",
      "find . -type f -exec cp /dev/null {} \\;",
      "find / -name '*.tmp' -exec cp /dev/null {} \\;",
    ])
      allowed(c);
  });
});

describe("sudo and su stripped of what makes them work", () => {
  test("a mode without the set-user-ID bit, or an owner other than root", () => {
    for (const c of [
      "chmod 755 /usr/bin/sudo",
      "chmod u-s /bin/su",
      "chmod -s /usr/bin/sudo",
      "chmod 0755 /usr/bin/sudo",
      "chown nobody /usr/bin/sudo",
      "chown alice:alice /bin/su",
    ])
      blocked(c);
    for (const c of [
      "chmod 4755 /usr/bin/sudo",
      "chmod u+s /usr/bin/sudo",
      "chown root:root /usr/bin/sudo",
      "chmod 755 /usr/local/bin/mytool",
      "chown alice ./sudo",
    ])
      allowed(c);
  });
});

describe("disks and firmware destroyed by other tools", () => {
  test("diskpart told to clean, devices listed by ls, dd onto a device of unknown name", () => {
    for (const c of [
      "echo clean | diskpart",
      "printf 'select disk 1\\nclean all\\n' | diskpart",
      "ls /dev/nvme*n1 | xargs -n1 wipefs -a",
      "for d in $(lsblk -dno NAME); do dd if=/dev/urandom of=/dev/$d bs=1M; done",
      "dd if=/dev/zero of=/dev/${TARGET} bs=1M",
    ])
      blocked(c);
    for (const c of [
      "echo 'list disk' | diskpart",
      "ls /dev/sd* | xargs -n1 lsblk",
      "ls /dev/nvme0n1",
      "dd if=/dev/$DEV of=backup.img",
      "dd if=image.iso of=./copy.iso",
    ])
      allowed(c);
  });

  test("nwipe, macOS volume tools, NVMe namespaces, flashrom, PowerShell disk cmdlets", () => {
    for (const c of [
      "nwipe --autonuke --nogui",
      "nwipe --method=zero /dev/sdb",
      "wipe -rf /",
      "wipe -rfq ~",
      "newfs_msdos -F 32 /dev/disk4s1",
      "newfs_apfs /dev/disk5",
      "diskutil apfs deleteContainer disk3",
      "diskutil apfs eraseVolume disk3s2 -name Data",
      "diskutil cs delete 1234-ABCD",
      "gpt destroy /dev/disk4",
      "asr restore --source base.dmg --target /Volumes/Data --erase --noprompt",
      "nvme ns-delete /dev/nvme1 -n 1",
      "nvme delete-ns /dev/nvme0 --namespace-id=1",
      "nvme write-zeroes /dev/nvme0n1 -s 0 -c 65535",
      "flashrom -p internal -E",
      "flashrom --programmer internal -w old-bios.rom",
      "Format-Volume -DriveLetter D -FileSystem NTFS",
      "Clear-Disk -Number 1 -RemoveData -Confirm:$false",
      "Remove-Partition -DiskNumber 0 -PartitionNumber 2",
      "dd if=/dev/zero of='\\\\.\\PhysicalDrive1' bs=1M",
      "rd /s /q C:\\Windows",
      "Remove-Item C:\\Users -Recurse -Force",
    ])
      blocked(c);
    for (const c of [
      "nwipe --help",
      "wipe secret.txt",
      "wipe -r ./old-secrets",
      "diskutil apfs list",
      "diskutil list",
      "gpt show disk0",
      "asr imagescan --source base.dmg",
      "nvme list",
      "nvme smart-log /dev/nvme0",
      "flashrom -p internal -r backup.rom",
      "flashrom -p ch341a_spi -r dump.bin",
      "Get-Volume",
      "Clear-Disk -Number 1",
      "dd if='\\\\.\\PhysicalDrive0' of=disk.img",
      "rd /s /q C:\\Temp\\build",
    ])
      allowed(c);
  });
});
