; Inno Setup 6.3+ script: a Windows installer for the PyInstaller bundle.
;
; On Windows, after `python packaging\build.py --bundle` (which writes
; packaging\out\dist\euchre-qt\ and packaging\out\icons\euchre-qt.ico):
;
;   iscc /DAppVersion=0.1.0 packaging\windows\euchre-qt.iss
;
; writes packaging\out\euchre-qt-0.1.0-setup.exe. It installs per user (no admin rights
; asked) or, when run as administrator, for all users, into {autopf}\euchre-qt, with a
; Start menu entry, an optional desktop icon and an uninstaller. The player's settings,
; statistics and saved game (%LOCALAPPDATA%\euchre-qt\euchre-qt) are left on uninstall.
; Sign euchre-qt.exe before packing and the setup .exe after (signtool), or SmartScreen
; warns whoever downloads it. Not built in CI.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=X.Y.Z packaging\windows\euchre-qt.iss
#endif

[Setup]
; The AppId identifies the program to the uninstaller: never change it between releases.
AppId=io.github.euchre_qt.EuchreQt
AppName=Euchre
AppVersion={#AppVersion}
AppVerName=Euchre {#AppVersion}
AppPublisher=euchre-qt developers
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\euchre-qt
DefaultGroupName=Euchre
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\out
OutputBaseFilename=euchre-qt-{#AppVersion}-setup
SetupIconFile=..\out\icons\euchre-qt.ico
UninstallDisplayIcon={app}\euchre-qt.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\out\dist\euchre-qt\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Euchre"; Filename: "{app}\euchre-qt.exe"
Name: "{autodesktop}\Euchre"; Filename: "{app}\euchre-qt.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\euchre-qt.exe"; Description: "{cm:LaunchProgram,Euchre}"; Flags: nowait postinstall skipifsilent
